import { Code, Stack, Text } from "@mantine/core";
import { HttpError } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { useToast } from "@/shared/ui/toast";
import { useEnableTwofa } from "../api/enable-twofa";
import { CodeForm } from "./code-form";
import { QrCode } from "./qr-code";

export const codeError = (error: unknown) =>
  error instanceof HttpError ? (error.errors.otp ?? error.message) : undefined;

/** The QR code and the secret as text, confirmed with a code from the authenticator app. */
export function TwofaEnrolment({
  secret,
  otpauthUri,
  onEnabled,
}: {
  secret: string;
  otpauthUri: string;
  onEnabled: () => void;
}) {
  const enable = useEnableTwofa();
  const toast = useToast();
  return (
    <Stack gap="md">
      <Text size="sm">
        Scan the QR code with an authenticator app (or type the secret), then enter the 6-digit code it shows.
      </Text>
      <QrCode value={otpauthUri} label="2FA QR code" />
      <Text size="sm">
        Secret: <Code data-testid="totp-secret">{secret}</Code>
      </Text>
      <CodeForm
        label="Code from your authenticator app"
        submitLabel="Enable 2FA"
        busy={enable.isPending}
        error={codeError(enable.error)}
        onSubmit={(code) =>
          void settle(enable, code, {
            onSuccess: (result) => {
              onEnabled();
              toast.success(result.message);
            },
            onError: "silent",
          })
        }
      />
    </Stack>
  );
}
