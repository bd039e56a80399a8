import { MESSAGES } from "../public-contract/index.ts";
import type { Db } from "../db/database.ts";
import { sql } from "kysely";
import { addressSchema } from "@pli/abis";
import { CLI_AUDIT_ACTOR, recordAudit } from "../audit/index.ts";
import { forgetAccount } from "../auth/index.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import { AppError } from "../shared/errors.ts";
import { findOperatorById } from "./repository.ts";
import { claimTotpStep, newTotpSecret, otpauthUri, totpStep } from "./totp.ts";

const ALREADY_ON = "2FA is already enabled";
const NOT_ON = "2FA is not enabled";
const NO_SETUP = "Start the 2FA setup first";

async function operatorOrThrow(db: Db, id: string) {
  const operator = await findOperatorById(db, id);
  if (!operator) throw new AppError("notFound", MESSAGES.notFound);
  return operator;
}

/** A new pending secret and its otpauth URI; 2FA turns on only once a code from it is confirmed. */
export async function startTotpSetup(db: Db, operatorId: string) {
  const operator = await operatorOrThrow(db, operatorId);
  if (operator.twofa_enabled) throw new AppError("conflict", ALREADY_ON);
  const secret = newTotpSecret();
  await db.updateTable("app.operator").set({ totp_pending_secret: secret }).where("id", "=", operatorId).execute();
  return { secret, otpauthUri: otpauthUri(secret, operator.wallet_address) };
}

/** Turning 2FA on or off ends the operator's earlier sessions (the caller issues a fresh token). */
const ENDS_SESSIONS = { session_version: sql<number>`session_version + 1`, updated_at: sql<Date>`now()` };
const sessionsEnded =
  <T>(operatorId: string) =>
  (row: T) => {
    forgetAccount(USER_TYPE.user, operatorId);
    return row;
  };

/** Turns 2FA on with a code from the pending secret; returns the operator as now stored. */
export async function enableTotp(db: Db, operatorId: string, code: string) {
  const operator = await operatorOrThrow(db, operatorId);
  if (operator.twofa_enabled) throw new AppError("conflict", ALREADY_ON);
  if (!operator.totp_pending_secret) throw new AppError("conflict", NO_SETUP);
  const step = totpStep(operator.totp_pending_secret, code);
  if (step === null) throw new AppError("validation", MESSAGES.invalidTotp, { otp: MESSAGES.invalidTotp });
  return db
    .updateTable("app.operator")
    .set({
      twofa_enabled: true,
      totp_secret: operator.totp_pending_secret,
      totp_pending_secret: null,
      totp_last_step: BigInt(step),
      ...ENDS_SESSIONS,
    })
    .where("id", "=", operatorId)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(sessionsEnded(operatorId));
}

/** Turns 2FA off with a current code (each code works once); returns the operator as now stored. */
export async function disableTotp(db: Db, operatorId: string, code: string) {
  const operator = await operatorOrThrow(db, operatorId);
  if (!operator.twofa_enabled || !operator.totp_secret) throw new AppError("conflict", NOT_ON);
  const step = totpStep(operator.totp_secret, code);
  if (step === null || !(await claimTotpStep(db, operatorId, step))) {
    throw new AppError("validation", MESSAGES.invalidTotp, { otp: MESSAGES.invalidTotp });
  }
  return db
    .updateTable("app.operator")
    .set({ twofa_enabled: false, totp_secret: null, totp_pending_secret: null, ...ENDS_SESSIONS })
    .where("id", "=", operatorId)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(sessionsEnded(operatorId));
}

/**
 * `operator:reset-second-factor`: for an operator who lost their authenticator, turns 2FA off and ends their open
 * sessions, in one transaction with its audit record; their next sign-in asks them to set 2FA up again, as the portal
 * requires. Whoever runs it has made sure, outside the portal, who is asking. Answers the wallet and whether 2FA was on.
 */
export async function resetOperatorSecondFactor(db: Db, wallet: string) {
  const address = addressSchema.parse(wallet).toLowerCase();
  const reset = await db.transaction().execute(async (trx) => {
    const operator = await trx
      .selectFrom("app.operator")
      .select(["id", "wallet_address", "twofa_enabled"])
      .where("wallet_address", "=", address)
      .forUpdate()
      .executeTakeFirst();
    if (!operator) throw new Error(`No operator has the wallet ${address}`);
    await trx
      .updateTable("app.operator")
      .set({ twofa_enabled: false, totp_secret: null, totp_pending_secret: null, ...ENDS_SESSIONS })
      .where("id", "=", operator.id)
      .execute();
    await recordAudit(trx, {
      by: CLI_AUDIT_ACTOR,
      action: "operator.secondFactorReset",
      recordType: "operator",
      recordId: operator.id,
      before: { twofa: operator.twofa_enabled },
      after: { twofa: false },
    });
    return { id: operator.id, wallet: operator.wallet_address, wasOn: operator.twofa_enabled };
  });
  forgetAccount(USER_TYPE.user, reset.id);
  return reset;
}
