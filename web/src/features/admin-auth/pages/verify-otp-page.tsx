import { CODE_INPUT_STYLES } from "@/shared/theme/theme";
import { LIMITS, MESSAGES } from "@pli/api/contract";
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "@/shared/api/http";
import { routes } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { TOAST_TIMEOUT, useToast } from "@/shared/ui/toast";
import { useResendOtp } from "../api/resend-otp";
import { useVerifyOtp } from "../api/verify-otp";

export function VerifyOtpPage() {
  const { registerDetail, signIn } = useSession();
  const [otp, setOtp] = useState("");
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const toast = useToast();
  const navigate = useNavigate();
  if (!registerDetail) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!otp.trim()) {
      toast.error(MESSAGES.enterOtp, TOAST_TIMEOUT.medium);
      return;
    }
    verify.mutate(
      { _id: registerDetail._id, otp: otp.trim() },
      {
        onSuccess: ({ token }) => {
          signIn(token);
          navigate(routes.adminDashboard.href(), { replace: true });
        },
        onError: (error) => toast.error(errorMessage(error), TOAST_TIMEOUT.medium),
      },
    );
  };
  const onResend = () =>
    resend.mutate(
      { _id: registerDetail._id },
      {
        onSuccess: () => toast.success(MESSAGES.otpSent, TOAST_TIMEOUT.medium),
        onError: (error) => toast.error(errorMessage(error), TOAST_TIMEOUT.medium),
      },
    );
  return (
    <Paper withBorder radius="md" p={{ base: "lg", sm: "xl" }} shadow="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1}>{routes.adminVerifyOtp.title}</Title>
          <Text size="sm" c="dimmed">
            We sent a {LIMITS.otpLength}-digit code to {registerDetail.email}. It expires in {LIMITS.otpTtlMinutes} minutes.
          </Text>
          <TextInput
            label="One-time code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.otpLength}
            styles={CODE_INPUT_STYLES}
            value={otp}
            onChange={(e) => setOtp(e.currentTarget.value.replace(/\D/g, ""))}
          />
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
