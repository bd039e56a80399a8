import { z } from "zod";
import { text, txHashSchema } from "../shared/schema.ts";
import { parsePli, PLI_AMOUNT } from "../shared/pli.ts";
import { featureContract } from "../public-contract/feature.ts";

export const SETTING_PATH = "/api/setting";
export const SETTING_STAKE_LIMITS_PATH = "/api/setting/stake-limits";
export const SETTING_BRAND_PATH = "/api/setting/brand";

export const SETTING_MESSAGES = {
  settingUpdated: "Setting Updated Successfully",
  logoNotUploaded: "The logo must be an uploaded image",
  minimumAboveMaximum: "Minimum stake must not exceed the maximum stake",
  multipleNotDividingMinimum: "The multiple must divide the minimum stake",
  stakeLimitsNotIndexed:
    "The contract's stake limits are not indexed yet: the minimum and maximum show once the indexer has them",
  stakeLimitChangeRecorded: "Stake limit change recorded",
  stakeLimitChangeUnknown:
    "No stake limit change with this hash has been indexed: it is unknown, or not yet mined and indexed",
  stakeLimitChangeNotClaimable:
    "This stake limit change can no longer be recorded as made through the portal: it was mined more than an hour ago or was already reviewed. It stays in the chain activity the contract does not check, for an admin to review",
} as const;

const wholeTokens = (label: string) =>
  z.coerce
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{1,30}$/, `${label} must be a whole number of PLI`)
    .transform((value) => BigInt(value))
    .refine((value) => value > 0n, `${label} must be greater than 0`);

/** A stake limit as the settings page takes it: PLI with up to PLI_DECIMALS decimals, read as wei. */
const stakeLimit = (label: string) =>
  z.coerce
    .string({ error: `${label} is required` })
    .trim()
    .regex(PLI_AMOUNT, `${label} must be an amount of PLI`)
    .transform((value) => parsePli(value))
    .refine((value) => value > 0n, `${label} must be greater than 0`);

/**
 * A percentage as typed or sent: a number, or a decimal written in digits; blank is none (required), and any other
 * value is not a number. (z.coerce read "", null, false and [] as 0: a cleared field saved an incentive rate of 0 %.)
 */
const percentInput = (value: unknown) => {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return value === undefined || value === null ? undefined : Number.NaN;
  const typed = value.trim();
  if (typed === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN;
};

const settingFields = {
  _id: z.coerce.string().optional(),
  applicationName: text(100, "Application name"),
  applicationEmail: z.union([z.literal(""), z.email("Enter a valid email").trim().max(254)]).optional(),
  logoUrl: z.string().trim().max(200).optional(),
  contactNo: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, "Enter a valid phone number"),
    ])
    .optional(),
  address: z.string().trim().max(300).optional(),
  multiplyOf: wholeTokens("Multiple"),
  incentivePercentage: z.preprocess(
    percentInput,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? "Incentive percentage is required" : "Incentive percentage must be a number",
      })
      .min(0, "Incentive percentage must be between 0 and 100")
      .max(100, "Incentive percentage must be between 0 and 100")
      .refine(
        (value) =>
          Number.isInteger(Math.round(value * 1000)) && Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6,
        "At most 3 decimals",
      ),
  ),
};

/**
 * POST /api/setting. The stake minimum and maximum are the contract's and are changed on the chain
 * (setMinStakeAmt / setMaxStakeAmt), so a body's minimumStake and maximumStake are not read; the
 * multiple must still divide the minimum the chain holds (checked by the route).
 */
export const settingUpdateSchema = z.object(settingFields);
export type SettingInput = z.infer<typeof settingUpdateSchema>;

/**
 * The settings page's form: the settings plus the stake limits it sends to the contract (wei), with
 * the rules between them. Checked before any transaction, so no limit reaches the chain for a form
 * the page would then refuse.
 */
export const settingFormSchema = z
  .object({ ...settingFields, minimumStake: stakeLimit("Minimum stake"), maximumStake: stakeLimit("Maximum stake") })
  .superRefine((value, ctx) => {
    if ([value.minimumStake, value.maximumStake, value.multiplyOf].some((amount) => typeof amount !== "bigint")) return;
    if (value.minimumStake > value.maximumStake)
      ctx.addIssue({ code: "custom", path: ["minimumStake"], message: SETTING_MESSAGES.minimumAboveMaximum });
    if (!multipleDivides(value.multiplyOf, value.minimumStake))
      ctx.addIssue({ code: "custom", path: ["multiplyOf"], message: SETTING_MESSAGES.multipleNotDividingMinimum });
  });

/** The contract's minimum and maximum stake, wei. */
export interface StakeLimitPair {
  min: bigint;
  max: bigint;
}

/**
 * The setMinStakeAmt / setMaxStakeAmt calls that take the contract's limits from `current` to `next`, in an order it
 * accepts (it requires minimum <= maximum after each call): the maximum first when the new minimum is above the
 * current maximum, else the minimum first. A limit that does not change is not sent. Used by the settings page's
 * transactions and by the Safe proposal's batch alike.
 */
export function stakeLimitCalls(current: StakeLimitPair, next: StakeLimitPair) {
  const min = { functionName: "setMinStakeAmt" as const, value: next.min };
  const max = { functionName: "setMaxStakeAmt" as const, value: next.max };
  const calls = next.min > current.max ? [max, min] : [min, max];
  return calls.filter((call) => (call === min ? current.min !== next.min : current.max !== next.max));
}

/** Whether `multiple` (whole PLI) divides `minimum` (wei). */
export const multipleDivides = (multiple: bigint, minimum: bigint) =>
  multiple > 0n && minimum % parsePli(multiple.toString()) === 0n;

export const settingResponseSchema = z.object({
  _id: z.string(),
  applicationName: z.string(),
  applicationEmail: z.string(),
  logoUrl: z.string(),
  contactNo: z.string(),
  address: z.string(),
  /** The contract's minimum stake as indexed (`chain.stake_limits`), PLI; null until the indexer has it. */
  minimumStake: z.string().nullable(),
  /** The contract's maximum stake as indexed, PLI; null until the indexer has it. */
  maximumStake: z.string().nullable(),
  multiplyOf: z.string(),
  incentivePercentage: z.string(),
});
export type SettingResponse = z.infer<typeof settingResponseSchema>;

/**
 * GET /api/setting/brand: what every page shows of the settings (the frames' name and logo, the favicon, the contact
 * details), read by the sign-in pages too; the defaults while no settings are saved.
 */
export const brandResponseSchema = settingResponseSchema.pick({
  applicationName: true,
  applicationEmail: true,
  logoUrl: true,
  contactNo: true,
  address: true,
});
export type BrandResponse = z.infer<typeof brandResponseSchema>;

/** POST /api/setting/stake-limits: a limit change the settings page sent, once the portal has indexed it. */
export const stakeLimitChangeHintSchema = z.object({ tnxHash: txHashSchema });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const SETTING_CONTRACT = featureContract(
  { setting: SETTING_PATH, settingStakeLimits: SETTING_STAKE_LIMITS_PATH, settingBrand: SETTING_BRAND_PATH },
  SETTING_MESSAGES,
);
