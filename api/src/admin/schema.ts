import { z } from "zod";
import { LIMITS } from "../public-contract/domain.ts";
import { errorSchema, idSchema } from "../shared/schema.ts";
import { otpSchema } from "../operator/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

export const ADMIN_PATHS = {
  login: "/api/admin/login",
  verifyOtp: "/api/admin/verifyotp",
  resendOtp: "/api/admin/resendemailotp",
  update: "/api/admin/update",
} as const;

export const ADMIN_MESSAGES = {
  otpSent: "OTP Sent Successfully",
  invalidCredentials: "Invalid email or password",
  invalidOtp: "Invalid or expired OTP",
  otpAttemptsExceeded: "Too many wrong codes: sign in again",
  passwordsDiffer: "Passwords do not match",
  passwordTooShort: "Password must be at least 12 characters",
  passwordUpdated: "Password Updated Successfully",
  wrongPassword: "Wrong password",
  codeNotSent: "The sign-in code could not be sent: the mail server is busy. Ask for the code again in a moment",
  currentPasswordRequired: "Enter your current password",
} as const;

/** An admin's password as typed, to sign in or to confirm a change (never trimmed). */
export const adminPasswordSchema = z.string({ error: "Password is required" }).min(1, "Password is required").max(200);

export const adminLoginSchema = z.object({
  email: z.email("Enter a valid email").trim().toLowerCase().max(254),
  password: adminPasswordSchema,
});
/** The signed-in admin's password, re-entered to confirm a change to their second factors. */
export const passwordConfirmSchema = z.object({ password: adminPasswordSchema });
export const verifyOtpSchema = z.object({ _id: idSchema, otp: otpSchema });
export const resendOtpSchema = z.object({ _id: idSchema });

/**
 * A new password for the signed-in admin. The current one comes with it, so a session in the wrong
 * hands cannot turn itself into the account (the spec's body is only password and password2).
 */
export const passwordUpdateSchema = z
  .object({
    currentPassword: z
      .string({ error: ADMIN_MESSAGES.currentPasswordRequired })
      .min(1, ADMIN_MESSAGES.currentPasswordRequired)
      .max(200),
    password: z
      .string({ error: "Password is required" })
      .min(LIMITS.passwordMinLength, ADMIN_MESSAGES.passwordTooShort)
      .max(200),
    password2: z.string({ error: "Confirm the password" }).min(1, "Confirm the password").max(200),
  })
  .refine((value) => value.password === value.password2, {
    path: ["password2"],
    message: ADMIN_MESSAGES.passwordsDiffer,
  });

/**
 * A sign-in attempt that passed the password: `passkey` when the admin can finish it with a passkey,
 * `emailCode` when an emailed code may finish it, `codeSent` once a code was mailed (at once for an
 * admin without a passkey, on request otherwise).
 */
export const registerDetailSchema = z.object({
  registerDetail: z.object({
    _id: z.string(),
    email: z.string(),
    passkey: z.boolean(),
    emailCode: z.boolean(),
    codeSent: z.boolean(),
  }),
});

/**
 * The password was right but the code could not be mailed (the mail server refused for now or was
 * out of reach): the error, and the attempt, on which the admin asks for the code again.
 */
export const codeNotSentSchema = errorSchema.extend(registerDetailSchema.shape);

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const ADMIN_CONTRACT = featureContract({ admin: ADMIN_PATHS }, ADMIN_MESSAGES);
