import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { z } from "zod";
import { findLiveAttempt, finishAttempt } from "../admin/index.ts";
import type { Config } from "../config.ts";
import { MESSAGES } from "../public-contract/index.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { consumeChallenge, relyingParty, storeChallenge } from "./challenges.ts";
import { advanceCounter, findCredential, listCredentialIds } from "./repository.ts";
import { PASSKEY_LIMITS } from "./schema.ts";
import type { authenticationResponseSchema } from "./webauthn-json.ts";
import type { Log } from "../shared/logger.ts";

const refused = (message: string) => new AppError("validation", message, { response: message });

const passwordMatched = async (db: Db, attemptId: string) =>
  Boolean(
    await db
      .selectFrom("app.otp_challenge")
      .select("id")
      .where("id", "=", attemptId)
      .where("password_matched", "=", true)
      .executeTakeFirst(),
  );

/**
 * Options for the browser to sign the sign-in attempt's challenge with one of the admin's passkeys. An
 * attempt answered blind names no credential (the browser offers the site's passkeys it holds) and is
 * never refused for having none: credential ids, or a refusal, handed to an attempt made with a wrong
 * password would tell that the email is an admin's, and which one.
 */
export async function signInOptions(db: Db, config: Config, attemptId: string) {
  const attempt = await findLiveAttempt(db, attemptId);
  if (!attempt) throw new AppError("validation", MESSAGES.signInExpired, { _id: MESSAGES.signInExpired });
  const credentials = attempt.admin_id && !attempt.blind ? await listCredentialIds(db, attempt.admin_id) : [];
  if (!attempt.blind && (!attempt.admin_id || credentials.length === 0))
    throw new AppError("conflict", MESSAGES.noPasskey);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    allowCredentials: credentials.map((credential) => ({
      id: credential.credential_id,
      transports: credential.transports,
    })),
    userVerification: "preferred",
    timeout: PASSKEY_LIMITS.ceremonyTimeoutMs,
  });
  await storeChallenge(db, {
    adminId: attempt.admin_id,
    attemptId,
    purpose: "authentication",
    challenge: options.challenge,
  });
  return options;
}

/**
 * The second factor by passkey: the response must answer a live challenge of this very attempt (used
 * up either way), come from one of the attempt's admin's credentials, verify against its public key,
 * the portal's origin and rpID, and carry a counter past the stored one (a cloned authenticator's does
 * not). Then the counter moves on and the attempt is finished; answers the admin's id. An attempt
 * made with a wrong password (answered blind) is refused as a signature that does not verify.
 */
export async function signInWithPasskey(
  db: Db,
  config: Config,
  log: Log,
  attemptId: string,
  response: z.output<typeof authenticationResponseSchema>,
): Promise<string> {
  const stored = await consumeChallenge(db, response.response.clientDataJSON, { purpose: "authentication", attemptId });
  if (!stored) throw refused(MESSAGES.passkeyRequestExpired);
  const passkey = stored.admin_id ? await findCredential(db, stored.admin_id, response.id) : undefined;
  if (!passkey) throw refused(MESSAGES.passkeyUnknown);
  const rp = relyingParty(config);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    if (!verification.verified) throw new Error("signature not verified");
    if (!(await passwordMatched(db, attemptId))) throw new Error("the attempt's password was wrong");
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    log.warn({ err: error, adminId: stored.admin_id, passkeyId: passkey.id }, "passkey sign-in refused");
    throw refused(MESSAGES.passkeyNotVerified);
  }
  await db.transaction().execute(async (trx) => {
    if (!(await advanceCounter(trx, passkey.id, passkey.counter, newCounter)))
      throw refused(MESSAGES.passkeyNotVerified);
    if (!(await finishAttempt(trx, attemptId)))
      throw new AppError("validation", MESSAGES.signInExpired, { _id: MESSAGES.signInExpired });
  });
  return passkey.admin_id;
}
