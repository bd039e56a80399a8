import { LIMITS, MESSAGES } from "@pli/api/contract";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "../../../shared/api/http";
import { routes } from "../../../shared/config/routes";
import { useSession } from "../../../shared/session/session-provider";
import { Button } from "../../../shared/ui/button";
import { TOAST_TIMEOUT, useToast } from "../../../shared/ui/toast";
import { useResendOtp, useVerifyOtp } from "../api/admin-auth";

export function VerifyOtpPage() {
  const { registerDetail, signIn } = useSession();
  const [otp, setOtp] = useState("");
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
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
    <section className="card auth-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Verify OTP</h1>
      <p className="muted">We sent a {LIMITS.otpLength}-digit code to {registerDetail.email}. It expires in {LIMITS.otpTtlMinutes} minutes.</p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-otp`}>One-time code</label>
          <input
            id={`${id}-otp`}
            className="input otp-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.otpLength}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ""))}
          />
        </div>
        <div className="auth-card__row">
          <button type="button" className="link-button" onClick={onResend} disabled={resend.isPending}>
            Resend OTP
          </button>
          <Button type="submit" disabled={verify.isPending}>
            Verify OTP
          </Button>
        </div>
      </form>
    </section>
  );
}
