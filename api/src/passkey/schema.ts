import { z } from "zod";
import { adminPasswordSchema } from "../admin/schema.ts";
import { idSchema, text } from "../shared/schema.ts";
import {
  authenticationResponseSchema,
  creationOptionsSchema,
  registrationResponseSchema,
  requestOptionsSchema,
} from "./webauthn-json.ts";
import { featureContract } from "../public-contract/feature.ts";
export * from "./webauthn-json.ts";

export const PASSKEY_PATHS = {
  root: "/api/admin/passkey",
  registerOptions: "/api/admin/passkey/register/options",
  register: "/api/admin/passkey/register",
  rename: "/api/admin/passkey/rename",
  delete: "/api/admin/passkey/delete",
  fallback: "/api/admin/passkey/fallback",
  signInOptions: "/api/admin/passkey/signin/options",
  signIn: "/api/admin/passkey/signin",
} as const;

export const PASSKEY_LIMITS = {
  /** How long a registration or sign-in challenge may be answered. */
  challengeTtlMinutes: 5,
  /** How long the browser's passkey prompt stays open. */
  ceremonyTimeoutMs: 120_000,
  maxPerAdmin: 10,
  nameMaxLength: 64,
} as const;

export const PASSKEY_MESSAGES = {
  passkeyAdded: "Passkey Added Successfully",
  passkeyRenamed: "Passkey Renamed Successfully",
  passkeyDeleted: "Passkey Deleted Successfully",
  emailCodeFallbackOn: "Emailed codes are on: you can sign in with a passkey or an emailed code",
  emailCodeFallbackOff: "Emailed codes are off: sign in with your passkey",
  emailCodeOff: "Emailed codes are off for this account: use your passkey",
  passkeyNotFound: "Passkey not found",
  signInExpired: "This sign-in has expired: sign in again",
  noPasskey: "No passkey is registered for this account",
  passkeyRequestExpired: "This passkey request has expired or was already used: try again",
  passkeyUnknown: "This passkey is not registered for this account",
  passkeyNotVerified: "The passkey could not be verified",
  passkeyAlreadyRegistered: "This passkey is already registered",
  passkeyLimitReached: `An account holds at most ${PASSKEY_LIMITS.maxPerAdmin} passkeys`,
  fallbackNeedsPasskey: "Add a passkey before turning emailed codes off",
  lastPasskeyWithoutFallback: "Turn emailed codes on before deleting your last passkey",
  fallbackNeedsDiscoverablePasskey:
    "Emailed codes can be off only with a discoverable passkey (one kept on the authenticator): when sign-in is under attack it offers no passkey by name, so add one before turning emailed codes off",
  lastDiscoverableWithoutFallback:
    "Turn emailed codes on before deleting your last discoverable passkey: when sign-in is under attack it offers no passkey by name",
  passkeyCancelled: "The passkey prompt was closed or timed out",
  passkeyUnsupported: "This browser cannot use passkeys",
  passkeyNeedsDomain: "Passkeys need the portal on a domain name or localhost, not an IP address",
  confirmDeletePasskey: "Delete this passkey? It will no longer sign you in. Enter your password to confirm.",
  confirmEmailCodeFallbackOff:
    "Signing in will then need one of your passkeys, and no code is emailed. Enter your password to confirm.",
  confirmEmailCodeFallbackOn:
    "Signing in will then also accept a code emailed to you instead of a passkey. Enter your password to confirm.",
} as const;

const passkeyName = text(PASSKEY_LIMITS.nameMaxLength, "Passkey name");

export const passkeyNameSchema = z.object({ name: passkeyName });
/** Naming a new passkey, with the password that unlocks its registration challenge. */
export const addPasskeyFormSchema = z.object({ name: passkeyName, password: adminPasswordSchema });
export const registerPasskeySchema = z.object({ name: passkeyName, response: registrationResponseSchema });
export const renamePasskeySchema = z.object({ _id: idSchema, name: passkeyName });
export const deletePasskeySchema = z.object({ id: idSchema, password: adminPasswordSchema });
/** Turning emailed codes off could lock the admin out, so it takes the password; turning them on does not. */
/** Switching emailed codes on or off changes how the admin signs in: either way the password comes with it. */
export const emailCodeFallbackSchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  password: adminPasswordSchema,
});
export const passkeySignInOptionsSchema = z.object({ _id: idSchema });
export const passkeySignInSchema = z.object({ _id: idSchema, response: authenticationResponseSchema });

export const passkeyResponseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Whether the browser reported it discoverable (kept on the authenticator); null when it did not say. */
  discoverable: z.boolean().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyResponse = z.infer<typeof passkeyResponseSchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeyResponseSchema), emailCodeFallback: z.boolean() });
export const passkeySavedSchema = z.object({ message: z.string(), data: passkeyResponseSchema });
export const emailCodeFallbackResultSchema = z.object({ message: z.string(), emailCodeFallback: z.boolean() });
export const creationOptionsResponseSchema = z.object({ options: creationOptionsSchema });
export const requestOptionsResponseSchema = z.object({ options: requestOptionsSchema });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const PASSKEY_CONTRACT = featureContract({ passkey: PASSKEY_PATHS }, PASSKEY_MESSAGES);
