import { LIMITS, MESSAGES, totpCodeSchema } from "@pli/api/contract";
import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "@/shared/api/http";
import { routes } from "@/shared/config/routes";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useSession } from "@/shared/session/session-provider";
import { CodeInput } from "@/shared/ui/code-input";
import { TOAST_TIMEOUT, useToast } from "@/shared/ui/toast";
import { useResendOtp } from "../api/resend-otp";
import { useVerifyOtp } from "../api/verify-otp";

/** The emailed code of an admin sign-in; every refusal (empty, malformed, wrong) is a toast (spec section 8). */
export function VerifyOtpPage() {
  const { registerDetail, signIn } = useSession();
  const { form } = useSchemaForm(totpCodeSchema, { otp: "" });
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const toast = useToast();
  const navigate = useNavigate();
  if (!registerDetail) return null;
  const fail = (error: unknown) => toast.error(errorMessage(error), TOAST_TIMEOUT.medium);
  const submit = form.handleSubmit(
    ({ otp }) =>
      verify.mutate(
        { _id: registerDetail._id, otp },
        {
          onSuccess: ({ token }) => {
            signIn(token);
            navigate(routes.adminDashboard.href(), { replace: true });
          },
          onError: fail,
        },
      ),
    (errors) => toast.error(errors.otp?.message ?? MESSAGES.enterOtp, TOAST_TIMEOUT.medium),
  );
  const onResend = () => resend.mutate({ _id: registerDetail._id }, { onSuccess: () => toast.success(MESSAGES.otpSent, TOAST_TIMEOUT.medium), onError: fail });
  return (
    <Paper withBorder radius="md" p={{ base: "lg", sm: "xl" }} shadow="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1}>{routes.adminVerifyOtp.title}</Title>
          <Text size="sm" c="dimmed">
            We sent a {LIMITS.otpLength}-digit code to {registerDetail.email}. It expires in {LIMITS.otpTtlMinutes} minutes.
          </Text>
          <CodeInput label="One-time code" {...form.register("otp")} />
          <Group justify="space-between" wrap="nowrap">
            <Anchor component="button" type="button" size="sm" onClick={onResend} disabled={resend.isPending}>
              Resend OTP
            </Anchor>
            <Button type="submit" loading={verify.isPending}>
              Verify OTP
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
