import type { Db } from "../db/database.ts";
import { DEFAULT_SETTINGS } from "@pli/abis";
import { Secret, TOTP } from "otpauth";

const PERIOD = 30;
const ISSUER = DEFAULT_SETTINGS.applicationName;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const otpauthUri = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    period: PERIOD,
    digits: 6,
    algorithm: "SHA1",
  }).toString();

/**
 * The time step a code belongs to when it is valid for `secret` (one step of clock drift either way),
 * or null. Callers refuse a step at or before the last one used, so a code works once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD, digits: 6, algorithm: "SHA1" });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** Records `step` as used, only if it is newer than the last one; false when another request won. */
export async function claimTotpStep(db: Db, operatorId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable("app.operator")
    .set({ totp_last_step: BigInt(step) })
    .where("id", "=", operatorId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", BigInt(step))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
