import { addressSchema } from "@pli/abis";
import { z } from "zod";
import { LIMITS, TWOFA, USER_ROLE, USER_TYPE } from "../public-contract/domain.ts";
import { COMMON_MESSAGES } from "../public-contract/messages.ts";
import { idSchema, text } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";
import { OPERATOR_MESSAGES } from "./messages.ts";

export { OPERATOR_MESSAGES } from "./messages.ts";

export const OPERATOR_PATHS = {
  root: "/api/user",
  siwe: "/api/user/siwe",
  login: "/api/user/login",
  logout: "/api/user/logout",
  access: "/api/user/access",
  twofaSetup: "/api/user/2fa/setup",
  twofaEnable: "/api/user/2fa/enable",
  twofaDisable: "/api/user/2fa/disable",
} as const;

/** A 6-digit one-time code (authenticator app or emailed). */
export const otpSchema = z
  .string({ error: COMMON_MESSAGES.enterOtp })
  .trim()
  .min(1, COMMON_MESSAGES.enterOtp)
  .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), `The code is ${LIMITS.otpLength} digits`);

export const siweRequestSchema = z.object({ walletAddress: addressSchema });
export const operatorLoginSchema = z.object({
  message: text(4000, "Message"),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130,2000}$/, "Signature must be hex"),
  otp: otpSchema.optional(),
});
export const totpCodeSchema = z.object({ otp: otpSchema });
export const operatorAccessSchema = z.object({
  _id: idSchema,
  enabled: z.boolean({ error: "Choose enabled or disabled" }),
});

export const sessionClaimsSchema = z.object({
  sub: z.string().min(1),
  userType: z.enum([USER_TYPE.user, USER_TYPE.admin]),
  walletAddress: z.string().optional(),
  name: z.string(),
  email: z.string(),
  /** The account's session version when the token was issued; a later version ends the session. */
  ver: z.number().int(),
  /** The token's own id: what a budget of this one session is kept under. */
  jti: z.string().min(1),
  exp: z.number(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

export const operatorResponseSchema = z.object({
  _id: z.string(),
  walletAddress: z.string(),
  email: z.string(),
  userType: z.literal(USER_TYPE.user),
  userRole: z.enum([USER_ROLE.validator, USER_ROLE.standby]),
  twofa: z.enum([TWOFA.yes, TWOFA.no]),
  /** How many nodes the operator has registered. */
  nodes: z.number().int(),
  /** When the operator last signed in; null before their first sign-in since the time was first recorded. */
  lastSignInAt: z.string().nullable(),
  /** An admin has disabled the account: its sessions have ended and sign-in is refused. */
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type OperatorResponse = z.infer<typeof operatorResponseSchema>;

export const siweMessageSchema = z.object({ message: z.string() });
export const twofaSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const OPERATOR_CONTRACT = featureContract({ operator: OPERATOR_PATHS }, OPERATOR_MESSAGES);
