import { type AuditActor, recordAudit } from "../audit/index.ts";
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import { COSEALG } from "@simplewebauthn/server/helpers";
import type { z } from "zod";
import type { Config } from "../config.ts";
import { MESSAGES } from "../public-contract/index.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { consumeChallenge, relyingParty, storeChallenge } from "./challenges.ts";
import { countPasskeys, insertPasskey, listCredentialIds, lockAdminFallback } from "./repository.ts";
import { PASSKEY_LIMITS } from "./schema.ts";
import type { registrationResponseSchema } from "./webauthn-json.ts";
import type { Log } from "../shared/logger.ts";

const refused = (message: string) => new AppError("validation", message, { response: message });
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "23505";

/**
 * Signature algorithms offered and accepted: stable ones only (the library would add ML-DSA where Node's is
 * experimental).
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** The WebAuthn user handle of an admin: the 16 bytes of their id, the same on every passkey. */
const userHandle = (adminId: string) => new Uint8Array(Buffer.from(adminId.replaceAll("-", ""), "hex"));

/** Options for the browser to create a passkey for the signed-in admin; its challenge is kept. */
export async function registrationOptions(db: Db, config: Config, admin: { id: string; email: string; name: string }) {
  const existing = await listCredentialIds(db, admin.id);
  if (existing.length >= PASSKEY_LIMITS.maxPerAdmin) throw new AppError("conflict", MESSAGES.passkeyLimitReached);
  const rp = relyingParty(config);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandle(admin.id),
    userName: admin.email,
    userDisplayName: admin.name,
    timeout: PASSKEY_LIMITS.ceremonyTimeoutMs,
    attestationType: "none",
    excludeCredentials: existing.map((credential) => ({
      id: credential.credential_id,
      transports: credential.transports,
    })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(db, {
    adminId: admin.id,
    attemptId: null,
    purpose: "registration",
    challenge: options.challenge,
  });
  return options;
}

/**
 * Checks the browser's attestation against the admin's registration challenge (used up either way),
 * the portal's origin and rpID, and keeps the new credential under `name`.
 */
export async function registerPasskey(
  db: Db,
  config: Config,
  log: Log,
  adminId: string,
  name: string,
  response: z.output<typeof registrationResponseSchema>,
  by: AuditActor,
) {
  const stored = await consumeChallenge(db, response.response.clientDataJSON, { purpose: "registration", adminId });
  if (!stored) throw refused(MESSAGES.passkeyRequestExpired);
  const rp = relyingParty(config);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    log.warn({ err: error, adminId }, "passkey registration refused");
    throw refused(MESSAGES.passkeyNotVerified);
  }
  if (!verification.verified) throw refused(MESSAGES.passkeyNotVerified);
  const { credential } = verification.registrationInfo;
  try {
    return await db.transaction().execute(async (trx) => {
      await lockAdminFallback(trx, adminId);
      if ((await countPasskeys(trx, adminId)).all >= PASSKEY_LIMITS.maxPerAdmin)
        throw new AppError("conflict", MESSAGES.passkeyLimitReached);
      const row = await insertPasskey(trx, {
        adminId,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: response.response.transports ?? [],
        name,
        discoverable: response.clientExtensionResults.credProps?.rk ?? null,
      });
      await recordAudit(trx, {
        by,
        action: "passkey.add",
        recordType: "passkey",
        recordId: row.id,
        before: null,
        after: { name: row.name },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", MESSAGES.passkeyAlreadyRegistered);
    throw error;
  }
}
