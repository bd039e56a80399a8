import { PROVIDERS, type RpcUrlInput } from "@pli/api/contract";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../shared/ui/button";
import { FieldError } from "../../../shared/ui/form-errors";

interface RpcFormProps {
  initial?: RpcUrlInput;
  errors: Record<string, string>;
  submitLabel: string;
  busy: boolean;
  locked?: boolean;
  onSubmit: (input: RpcUrlInput) => void;
}

const EMPTY: RpcUrlInput = { name: "", provider: PROVIDERS[0], rpc: "", wss: "" };

export function RpcForm({ initial = EMPTY, errors, submitLabel, busy, locked = false, onSubmit }: RpcFormProps) {
  const [values, setValues] = useState<RpcUrlInput>(initial);
  const id = useId();
  const set = (field: keyof RpcUrlInput) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  const field = (name: keyof RpcUrlInput, label: string, placeholder: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} className="input" value={values[name]} onChange={set(name)} placeholder={placeholder} disabled={locked} aria-invalid={Boolean(errors[name])} />
      <FieldError message={errors[name]} />
    </div>
  );
  return (
    <form onSubmit={submit} noValidate>
      <div className="form-grid">
        {field("name", "Name", "My XDC full node")}
        <div className="field">
          <label htmlFor={`${id}-provider`}>Provider</label>
          <select id={`${id}-provider`} className="input" value={values.provider} onChange={set("provider")} disabled={locked}>
            {PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {provider}
              </option>
            ))}
          </select>
          <FieldError message={errors.provider} />
        </div>
        {field("rpc", "RPC URL", "https://rpc.example.com")}
        {field("wss", "WSS URL", "wss://ws.example.com")}
      </div>
      {!locked && (
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </Button>
      )}
    </form>
  );
}
