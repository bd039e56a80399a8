import { MESSAGES } from "@pli/api/contract";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../shared/ui/button";
import { FieldError, useServerErrors } from "../../../shared/ui/form-errors";
import { useToast } from "../../../shared/ui/toast";
import { useSettingMutations } from "../api/settings";

export function PasswordForm() {
  const [password, setPassword] = useState("");
  const [password2, setPassword2] = useState("");
  const { updatePassword } = useSettingMutations();
  const { errors, fail, clear } = useServerErrors();
  const toast = useToast();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    updatePassword.mutate(
      { password, password2 },
      {
        onSuccess: () => {
          clear();
          setPassword("");
          setPassword2("");
          toast.success(MESSAGES.passwordUpdated);
        },
        onError: fail,
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Update Password">
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-p1`}>New Password</label>
          <input id={`${id}-p1`} className="input" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <FieldError message={errors.password} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-p2`}>Confirm Password</label>
          <input id={`${id}-p2`} className="input" type="password" autoComplete="new-password" value={password2} onChange={(e) => setPassword2(e.target.value)} />
          <FieldError message={errors.password2} />
        </div>
      </div>
      <Button type="submit" disabled={updatePassword.isPending}>
        Update Password
      </Button>
    </form>
  );
}
