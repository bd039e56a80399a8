import { DEFAULT_SETTINGS } from "@pli/abis";
import { decodeClientDataJSON } from "@simplewebauthn/server/helpers";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { PASSKEY_LIMITS } from "./schema.ts";
import type { PasskeyChallengePurpose } from "./table.ts";

/** The relying party is the web app's origin: its host name is the passkeys' scope (rpID). */
export function relyingParty(config: Pick<Config, "PUBLIC_URL">) {
  const url = new URL(config.PUBLIC_URL);
  return { id: url.hostname, origin: url.origin, name: DEFAULT_SETTINGS.applicationName };
}

/**
 * Keeps a challenge the server handed out, with its expiry; the admin's used and expired ones go (those of
 * no admin, for blind attempts of emails no admin has, go together).
 */
export async function storeChallenge(
  db: Db,
  {
    adminId,
    attemptId,
    purpose,
    challenge,
  }: { adminId: string | null; attemptId: string | null; purpose: PasskeyChallengePurpose; challenge: string },
) {
  const now = new Date();
  await db
    .deleteFrom("app.passkey_challenge")
    .where("admin_id", adminId === null ? "is" : "=", adminId)
    .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", now)]))
    .execute();
  await db
    .insertInto("app.passkey_challenge")
    .values({
      admin_id: adminId,
      attempt_id: attemptId,
      purpose,
      challenge,
      expires_at: new Date(now.getTime() + PASSKEY_LIMITS.challengeTtlMinutes * 60_000),
    })
    .execute();
}

/** The challenge the browser signed, as its clientDataJSON names it. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === "string" ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uses up the live challenge a response answers, once: a replayed response, an expired challenge or
 * one handed out to another admin or sign-in attempt finds nothing.
 */
export async function consumeChallenge(
  db: Db,
  clientDataJSON: string,
  scope: { purpose: "registration"; adminId: string } | { purpose: "authentication"; attemptId: string },
) {
  const challenge = signedChallenge(clientDataJSON);
  if (!challenge) return undefined;
  let query = db
    .updateTable("app.passkey_challenge")
    .set({ used_at: new Date() })
    .where("challenge", "=", challenge)
    .where("purpose", "=", scope.purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date());
  query =
    scope.purpose === "registration"
      ? query.where("admin_id", "=", scope.adminId)
      : query.where("attempt_id", "=", scope.attemptId);
  return query.returning(["admin_id", "challenge"]).executeTakeFirst();
}
