import { MESSAGES } from "@pli/api/public-contract";
import { Alert, Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { settle } from "@/shared/api/settle";
import { useToast } from "@/shared/ui/toast";
import { useDisableTwofa } from "../api/disable-twofa";
import { useSetupTwofa } from "../api/setup-twofa";
import { CodeForm } from "./code-form";
import { codeError, TwofaEnrolment } from "./twofa-enrolment";

/** 2FA on (turn it off with a current code), or off (set it up: QR code, secret, confirming code). */
export function TwofaSection({ enabled }: { enabled: boolean }) {
  const setup = useSetupTwofa();
  const disable = useDisableTwofa();
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const toast = useToast();
  if (enabled) {
    return (
      <Stack gap="md">
        <Text size="sm">2FA is on: signing in asks for a code from your authenticator app.</Text>
        <CodeForm
          label="Current code to turn 2FA off"
          submitLabel="Disable 2FA"
          danger
          busy={disable.isPending}
          error={codeError(disable.error)}
          onSubmit={(code) =>
            settle(disable, code, { onSuccess: (result) => toast.success(result.message), onError: "silent" })
          }
        />
      </Stack>
    );
  }
  if (enrolment)
    return (
      <TwofaEnrolment
        secret={enrolment.secret}
        otpauthUri={enrolment.otpauthUri}
        onEnabled={() => setEnrolment(null)}
      />
    );
  return (
    <Stack gap="md" align="flex-start">
      <Alert variant="light" color="orange" role="status" title={MESSAGES.enable2fa} w="100%">
        Every operator needs 2FA to use the portal.
      </Alert>
      <Button onClick={() => settle(setup, undefined, { onSuccess: setEnrolment })} loading={setup.isPending}>
        Set up 2FA
      </Button>
    </Stack>
  );
}
