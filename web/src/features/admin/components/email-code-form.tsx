import { LIMITS, MESSAGES, totpCodeSchema } from "@pli/api/public-contract";
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { errorMessage } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import type { RegisterDetail } from "@/shared/session/token-store";
import { CodeInput } from "@/shared/ui/code-input";
import { TOAST_TIMEOUT, useToast } from "@/shared/ui/toast";
import { useResendOtp } from "../api/resend-otp";
import { useVerifyOtp } from "../api/verify-otp";
import { WRAP_ANYWHERE } from "@/shared/ui/detail";

/** The emailed code of an admin sign-in; every refusal (empty, malformed, wrong) is a toast (spec section 8). */
export function EmailCodeForm({ detail, onSignedIn }: { detail: RegisterDetail; onSignedIn: (token: string) => void }) {
  const { form } = useSchemaForm(totpCodeSchema, { otp: "" });
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const toast = useToast();
  const fail = (error: unknown) => toast.error(errorMessage(error), TOAST_TIMEOUT.medium);
  const submit = form.handleSubmit(
    ({ otp }) =>
      settle(verify, { _id: detail._id, otp }, { onSuccess: ({ token }) => onSignedIn(token), onError: fail }),
    (errors) => toast.error(errors.otp?.message ?? MESSAGES.enterOtp, TOAST_TIMEOUT.medium),
  );
  const onResend = () =>
    settle(
      resend,
      { _id: detail._id },
      { onSuccess: () => toast.success(MESSAGES.otpSent, TOAST_TIMEOUT.medium), onError: fail },
    );
  return (
    <form onSubmit={submit} noValidate aria-label="Emailed code">
      <Stack gap="md">
        <Text size="sm" c="dimmed" style={WRAP_ANYWHERE}>
          We sent a {LIMITS.otpLength}-digit code to {detail.email}. It expires in {LIMITS.otpTtlMinutes} minutes.
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
  );
}
