import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { routes } from "../../../shared/config/routes";
import { useSession } from "../../../shared/session/session-provider";
import { Button } from "../../../shared/ui/button";
import { FieldError, useServerErrors } from "../../../shared/ui/form-errors";
import { useAdminLogin } from "../api/admin-auth";

export function AdminLoginPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useAdminLogin();
  const { errors, fail, clear } = useServerErrors();
  const { holdRegisterDetail } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: ({ registerDetail }) => {
          clear();
          holdRegisterDetail(registerDetail);
          navigate(routes.adminVerifyOtp.href());
        },
        onError: fail,
      },
    );
  };
  return (
    <section className="card auth-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Admin Sign in</h1>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} className="input" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          <FieldError message={errors.email} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input id={`${id}-password`} className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <FieldError message={errors.password} />
        </div>
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
    </section>
  );
}
