import { LIMITS } from "@pli/api/contract";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../shared/ui/button";
import { FieldError } from "../../../shared/ui/form-errors";

export function CodeForm({ label, submitLabel, busy, error, onSubmit }: { label: string; submitLabel: string; busy: boolean; error?: string; onSubmit: (code: string) => void }) {
  const [code, setCode] = useState("");
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate className="inline-form">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} className="input otp-input" inputMode="numeric" autoComplete="one-time-code" maxLength={LIMITS.otpLength} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))} />
        <FieldError message={error} />
      </div>
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
