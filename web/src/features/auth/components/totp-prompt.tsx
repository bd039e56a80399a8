import { LIMITS, MESSAGES } from "@pli/api/contract";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../shared/ui/button";
import { FieldError } from "../../../shared/ui/form-errors";
import { authMessages } from "../messages";

export function TotpPrompt({ busy, error, onSubmit }: { busy: boolean; error?: string; onSubmit: (code: string) => void }) {
  const [code, setCode] = useState("");
  const [empty, setEmpty] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) return setEmpty(true);
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={authMessages.otpTitle} className="totp-prompt">
      <h2>{authMessages.otpTitle}</h2>
      <div className="field">
        <label htmlFor={id}>{authMessages.otpLabel}</label>
        <input id={id} className="input otp-input" inputMode="numeric" autoComplete="one-time-code" autoFocus maxLength={LIMITS.otpLength} value={code} onChange={(e) => (setCode(e.target.value.replace(/\D/g, "")), setEmpty(false))} />
        <FieldError message={empty ? MESSAGES.enterOtp : error} />
      </div>
      <Button type="submit" disabled={busy}>
        {authMessages.verify}
      </Button>
    </form>
  );
}
