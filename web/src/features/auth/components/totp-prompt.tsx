import { CODE_INPUT_STYLES } from "@/shared/theme/theme";
import { LIMITS, MESSAGES } from "@pli/api/contract";
import { Button, Stack, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { authMessages } from "../messages";

export function TotpPrompt({ busy, error, onSubmit }: { busy: boolean; error?: string; onSubmit: (code: string) => void }) {
  const [code, setCode] = useState("");
  const [empty, setEmpty] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) return setEmpty(true);
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={authMessages.otpTitle}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {authMessages.otpTitle}
        </Title>
        <TextInput
          label={authMessages.otpLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={LIMITS.otpLength}
          styles={CODE_INPUT_STYLES}
          value={code}
          onChange={(e) => (setCode(e.currentTarget.value.replace(/\D/g, "")), setEmpty(false))}
          error={empty ? MESSAGES.enterOtp : error}
          errorProps={{ role: "alert" }}
        />
        <Button type="submit" disabled={busy} fullWidth>
          {authMessages.verify}
        </Button>
      </Stack>
    </form>
  );
}
