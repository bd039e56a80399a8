import { CODE_INPUT_STYLES } from "@/shared/theme/theme";
import { LIMITS } from "@pli/api/contract";
import { Button, Group, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";

interface CodeFormProps {
  label: string;
  submitLabel: string;
  busy: boolean;
  error?: string;
  /** The action turns a protection off: shown in the danger colour. */
  danger?: boolean;
  onSubmit: (code: string) => void;
}

/** A 6-digit code from the authenticator app and the button that sends it. */
export function CodeForm({ label, submitLabel, busy, error, danger = false, onSubmit }: CodeFormProps) {
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.otpLength}
          styles={CODE_INPUT_STYLES}
          w={{ base: "100%", xs: 260 }}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ""))}
          error={error}
          errorProps={{ role: "alert" }}
        />
        <Button type="submit" loading={busy} color={danger ? "red" : undefined}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
