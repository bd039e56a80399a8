import { z } from "zod";
import { text } from "../shared/schema.ts";

export const SETTING_PATH = "/api/setting";

export const SETTING_MESSAGES = {
  settingUpdated: "Setting Updated Successfully",
  logoNotUploaded: "The logo must be an uploaded image",
} as const;

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
export type SettingInput = z.infer<typeof settingUpdateSchema>;

export const settingResponseSchema = z.object({
  _id: z.string(),
  applicationName: z.string(),
  applicationEmail: z.string(),
  logoUrl: z.string(),
  contactNo: z.string(),
  address: z.string(),
  minimumStake: z.string(),
  maximumStake: z.string(),
  multiplyOf: z.string(),
  incentivePercentage: z.string(),
});
export type SettingResponse = z.infer<typeof settingResponseSchema>;
