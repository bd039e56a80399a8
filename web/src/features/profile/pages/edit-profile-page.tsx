import { MESSAGES, TWOFA } from "@pli/api/contract";
import { Alert, Button, Code, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { HttpError, errorMessage } from "@/shared/api/http";
import { useMe } from "@/shared/session/me";
import { Section } from "@/shared/ui/section";
import { useToast } from "@/shared/ui/toast";
import { useTwofa } from "../api/twofa";
import { CodeForm } from "../components/code-form";
import { ProfileDetails } from "../components/profile-details";
import { QrCode } from "../components/qr-code";

const codeError = (error: unknown) => (error instanceof HttpError ? (error.errors.otp ?? error.message) : undefined);

/** Profile plus 2FA enrolment: QR code and secret, confirmed with a code from the authenticator app. */
export function EditProfilePage() {
  const me = useMe();
  const { setup, enable, disable } = useTwofa();
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const toast = useToast();
  if (!me.data) return <Text c="dimmed">{MESSAGES.loading}</Text>;
  const enabled = me.data.twofa === TWOFA.yes;
  return (
    <Stack gap="lg">
      <Section title="Account">
        <ProfileDetails me={me.data} />
      </Section>
      <Section title="Two-factor authentication">
        {enabled ? (
          <>
            <Text size="sm">2FA is on: signing in asks for a code from your authenticator app.</Text>
            <CodeForm label="Current code to turn 2FA off" submitLabel="Disable 2FA" busy={disable.isPending} error={codeError(disable.error)} onSubmit={(code) => disable.mutate(code, { onSuccess: (r) => toast.success(r.message) })} />
          </>
        ) : enrolment ? (
          <>
            <Text size="sm">Scan the QR code with an authenticator app (or type the secret), then enter the 6-digit code it shows.</Text>
            <QrCode value={enrolment.otpauthUri} label="2FA QR code" />
            <Text size="sm">
              Secret:{" "}
              <Code data-testid="totp-secret" style={{ wordBreak: "break-all" }}>
                {enrolment.secret}
              </Code>
            </Text>
            <CodeForm
              label="Code from your authenticator app"
              submitLabel="Enable 2FA"
              busy={enable.isPending}
              error={codeError(enable.error)}
              onSubmit={(code) =>
                enable.mutate(code, {
                  onSuccess: (r) => {
                    setEnrolment(null);
                    toast.success(r.message);
                  },
                })
              }
            />
          </>
        ) : (
          <>
            <Alert variant="light" color="orange" role="status" title={MESSAGES.enable2fa}>
              Every operator needs 2FA to use the portal.
            </Alert>
            <div>
              <Button onClick={() => setup.mutate(undefined, { onSuccess: setEnrolment, onError: (e) => toast.error(errorMessage(e)) })} loading={setup.isPending}>
                Set up 2FA
              </Button>
            </div>
          </>
        )}
      </Section>
    </Stack>
  );
}
