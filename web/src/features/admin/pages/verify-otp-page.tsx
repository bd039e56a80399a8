import { MESSAGES } from "@pli/api/public-contract";
import { Button, Divider, Paper, Stack, Text, Title } from "@mantine/core";
import { IconFingerprint, IconMail } from "@tabler/icons-react";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { passkeyErrorMessage } from "@/shared/passkey/passkey-errors";
import { useSession } from "@/shared/session/session-provider";
import { TOAST_TIMEOUT, useToast } from "@/shared/ui/toast";
import { useResendOtp } from "../api/resend-otp";
import { useSignInWithPasskey } from "../api/sign-in-with-passkey";
import { EmailCodeForm } from "../components/email-code-form";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";

const PASSKEY_STEP_TITLE = "Confirm it's you";

/**
 * The second step of an admin sign-in: the passkey when the admin has one, the emailed code while the
 * admin allows it (mailed at once to an admin without a passkey, on request otherwise).
 */
export function VerifyOtpPage() {
  const { registerDetail: detail, signIn, holdRegisterDetail } = useSession();
  const passkey = useSignInWithPasskey();
  const sendCode = useResendOtp();
  const toast = useToast();
  const navigate = useNavigate();
  if (!detail) return null;
  const onSignedIn = (token: string) => {
    signIn(token);
    navigate(routes.adminDashboard.href(), { replace: true });
  };
  const usePasskey = () =>
    settle(passkey, detail._id, {
      onSuccess: ({ token }) => onSignedIn(token),
      onError: (error) => toast.error(passkeyErrorMessage(error)),
    });
  const askForCode = () =>
    void settle(
      sendCode,
      { _id: detail._id },
      {
        onSuccess: () => {
          holdRegisterDetail({ ...detail, codeSent: true });
          toast.success(MESSAGES.otpSent, TOAST_TIMEOUT.medium);
        },
        onError: (error) => toast.error(errorMessage(error), TOAST_TIMEOUT.medium),
      },
    );
  return (
    <Paper withBorder radius="md" p={{ base: "lg", sm: "xl" }} shadow="sm">
      <Stack gap="md">
        <Title order={1}>{detail.passkey ? PASSKEY_STEP_TITLE : routes.adminVerifyOtp.title}</Title>
        {detail.passkey ? (
          <>
            <Text size="sm" c="dimmed" style={WRAP_ANYWHERE}>
              Use the passkey you added for {detail.email}.
            </Text>
            <Button
              leftSection={<IconFingerprint size={18} aria-hidden />}
              onClick={usePasskey}
              loading={passkey.isPending}
              fullWidth
            >
              Use passkey
            </Button>
          </>
        ) : null}
        {detail.passkey && detail.emailCode ? <Divider label="or" labelPosition="center" /> : null}
        {detail.emailCode && detail.codeSent ? <EmailCodeForm detail={detail} onSignedIn={onSignedIn} /> : null}
        {detail.emailCode && !detail.codeSent ? (
          <Button
            variant="default"
            leftSection={<IconMail size={18} aria-hidden />}
            onClick={askForCode}
            loading={sendCode.isPending}
            fullWidth
          >
            {detail.passkey ? "Email me a code instead" : "Email me the code"}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
