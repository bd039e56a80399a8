import { addressSchema } from "@pli/abis";
import { z } from "zod";
import { LIMITS, PROVIDERS } from "./domain.ts";
import { MESSAGES } from "./messages.ts";

const text = (max: number, label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const urlWith = (protocols: string[], label: string) =>
  text(500, label).refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `${label} must be a ${protocols.map((p) => p.replace(":", "://")).join(" or ")} URL`);
const id = z.uuid({ error: "Invalid id" });
const otp = z
  .string({ error: MESSAGES.enterOtp })
  .trim()
  .min(1, MESSAGES.enterOtp)
  .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), `The code is ${LIMITS.otpLength} digits`);

export const siweRequestSchema = z.object({ walletAddress: addressSchema });

export const userLoginSchema = z.object({
  message: text(4000, "Message"),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130,2000}$/, "Signature must be hex"),
  otp: otp.optional(),
});

export const totpCodeSchema = z.object({ otp });

export const adminLoginSchema = z.object({
  email: z.email("Enter a valid email").trim().toLowerCase().max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});

export const verifyOtpSchema = z.object({ _id: id, otp });
export const resendOtpSchema = z.object({ _id: id });

export const passwordUpdateSchema = z
  .object({
    password: z.string({ error: "Password is required" }).min(LIMITS.passwordMinLength, MESSAGES.passwordTooShort).max(200),
    password2: z.string({ error: "Confirm the password" }).min(1, "Confirm the password").max(200),
  })
  .refine((value) => value.password === value.password2, { path: ["password2"], message: MESSAGES.passwordsDiffer });

const wholeTokens = (label: string) =>
  z.coerce
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{1,30}$/, `${label} must be a whole number of PLI`)
    .transform((value) => BigInt(value))
    .refine((value) => value > 0n, `${label} must be greater than 0`);

export const settingUpdateSchema = z
  .object({
    _id: z.coerce.string().optional(),
    applicationName: text(100, "Application name"),
    applicationEmail: z.union([z.literal(""), z.email("Enter a valid email").trim().max(254)]).optional(),
    logoUrl: z.string().trim().max(200).optional(),
    contactNo: z
      .union([z.literal(""), z.string().trim().regex(/^\+?[0-9][0-9 ()-]{5,19}$/, "Enter a valid phone number")])
      .optional(),
    address: z.string().trim().max(300).optional(),
    minimumStake: wholeTokens("Minimum stake"),
    maximumStake: wholeTokens("Maximum stake"),
    multiplyOf: wholeTokens("Multiple"),
    incentivePercentage: z.coerce
      .number({ error: "Incentive percentage is required" })
      .min(0, "Incentive percentage must be between 0 and 100")
      .max(100, "Incentive percentage must be between 0 and 100")
      .refine((value) => Number.isInteger(Math.round(value * 1000)) && Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, "At most 3 decimals"),
  })
  .superRefine((value, ctx) => {
    if ([value.minimumStake, value.maximumStake, value.multiplyOf].some((amount) => typeof amount !== "bigint")) return;
    if (value.minimumStake > value.maximumStake) ctx.addIssue({ code: "custom", path: ["minimumStake"], message: "Minimum stake must not exceed the maximum stake" });
    if (value.multiplyOf > 0n && value.minimumStake % value.multiplyOf !== 0n) ctx.addIssue({ code: "custom", path: ["multiplyOf"], message: "The multiple must divide the minimum stake" });
  });

export const rpcUrlSchema = z.object({
  name: text(100, "Name"),
  provider: z.enum(PROVIDERS, { error: `Provider must be one of ${PROVIDERS.join(", ")}` }),
  rpc: urlWith(["http:", "https:"], "RPC URL"),
  wss: urlWith(["ws:", "wss:"], "WSS URL"),
});
export const rpcUrlEditSchema = rpcUrlSchema.extend({ _id: id });
export const deleteByIdSchema = z.object({ id });

export const listQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int().min(1).default(1),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
  q: z.string().trim().max(100).default(""),
});

export type ListQuery = z.infer<typeof listQuerySchema>;
export type RpcUrlInput = z.infer<typeof rpcUrlSchema>;
export type SettingInput = z.infer<typeof settingUpdateSchema>;
