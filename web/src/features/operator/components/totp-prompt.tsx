import { totpCodeSchema } from "@pli/api/public-contract";
import { Button, Stack, Title } from "@mantine/core";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { CodeInput } from "@/shared/ui/code-input";
import { authMessages } from "../messages";

/** The authenticator code asked after the wallet signature, checked with the API's schema first. */
export function TotpPrompt({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error?: string;
  onSubmit: (code: string) => void;
}) {
  const { form, errorOf } = useSchemaForm(totpCodeSchema, { otp: "" });
  return (
    <form onSubmit={form.handleSubmit(({ otp }) => onSubmit(otp))} noValidate aria-label={authMessages.otpTitle}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {authMessages.otpTitle}
        </Title>
        <CodeInput label={authMessages.otpLabel} autoFocus {...form.register("otp")} error={errorOf("otp") ?? error} />
        <Button type="submit" disabled={busy} fullWidth>
          {authMessages.verify}
        </Button>
      </Stack>
    </form>
  );
}
