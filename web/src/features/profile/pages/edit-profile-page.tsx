import { MESSAGES, TWOFA } from "@pli/api/contract";
import { useState } from "react";
import { HttpError, errorMessage } from "../../../shared/api/http";
import { useMe } from "../../../shared/session/me";
import { Button } from "../../../shared/ui/button";
import { useToast } from "../../../shared/ui/toast";
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
  if (!me.data) return <p className="muted">{MESSAGES.loading}</p>;
  const enabled = me.data.twofa === TWOFA.yes;
  return (
    <>
      <section className="card">
        <h2>Edit Profile</h2>
        <ProfileDetails me={me.data} />
      </section>
      <section className="card" aria-labelledby="twofa-title">
        <h2 id="twofa-title">Two-factor authentication</h2>
        {enabled ? (
          <>
            <p>2FA is on: signing in asks for a code from your authenticator app.</p>
            <CodeForm label="Current code to turn 2FA off" submitLabel="Disable 2FA" busy={disable.isPending} error={codeError(disable.error)} onSubmit={(code) => disable.mutate(code, { onSuccess: (r) => toast.success(r.message) })} />
          </>
        ) : enrolment ? (
          <>
            <p>Scan the QR code with an authenticator app (or type the secret), then enter the 6-digit code it shows.</p>
            <QrCode value={enrolment.otpauthUri} label="2FA QR code" />
            <p>
              Secret: <code data-testid="totp-secret">{enrolment.secret}</code>
            </p>
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
            <p role="status">{MESSAGES.enable2fa}: every operator needs 2FA to use the portal.</p>
            <Button onClick={() => setup.mutate(undefined, { onSuccess: setEnrolment, onError: (e) => toast.error(errorMessage(e)) })} disabled={setup.isPending}>
              Set up 2FA
            </Button>
          </>
        )}
      </section>
    </>
  );
}
