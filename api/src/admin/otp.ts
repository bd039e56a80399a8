import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { LIMITS, MESSAGES } from "../public-contract/index.ts";
import type { Db } from "../db/database.ts";
import { sendPromptly, type Mailer, brandFooter } from "../mail/index.ts";
import { readBrand } from "../setting/index.ts";
import { AppError, tooManyRequests } from "../shared/errors.ts";
import type { Log } from "../shared/logger.ts";

const RESEND_TOO_SOON = `Wait ${LIMITS.otpResendIntervalSeconds} seconds before asking for another code`;
const RESEND_LIMIT = "Too many codes sent: sign in again later";

/** Codes are stored as an HMAC bound to their challenge, so a leaked row reveals no code. */
const hashCode = (secret: string, challengeId: string, code: string) =>
  createHmac("sha256", secret).update(`${challengeId}:${code}`).digest("hex");

const HOUR_MS = 3_600_000;

const newCode = () => String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, "0");

/**
 * Mails the code under the site settings' name and footer, trying again briefly while the server refuses for now;
 * false when it could not be sent.
 */
async function mailCode({ mailer, log }: CodeDelivery, db: Db, email: string, code: string): Promise<boolean> {
  try {
    const brand = await readBrand(db);
    await sendPromptly(mailer, {
      to: email,
      fromName: brand.applicationName,
      subject: `Your ${brand.applicationName} admin sign-in code`,
      text: `Your sign-in code is ${code}.\nIt expires in ${LIMITS.otpTtlMinutes} minutes and works once. If you did not try to sign in, change your password.\n${brandFooter(brand)}`,
    });
    return true;
  } catch (error) {
    log.warn({ err: error }, "admin sign-in code not sent");
    return false;
  }
}

/** How sign-in codes leave: the mailer, and where a failure to send one is written. */
export interface CodeDelivery {
  mailer: Mailer;
  log: Log;
}

/**
 * Mails a code of an attempt made with the right password; an attempt made with a wrong one mails
 * nothing. A blind attempt's code goes out after the answer, so that the answer takes no longer for
 * the right password than for a wrong one (and counts as sent, as a wrong one's would). False when
 * the mail server would not take the code.
 */
async function deliverCode(
  delivery: CodeDelivery,
  db: Db,
  attempt: { email: string | null; password_matched: boolean; blind: boolean },
  code: string,
): Promise<boolean> {
  if (!attempt.password_matched || !attempt.email) return true;
  if (!attempt.blind) return mailCode(delivery, db, attempt.email, code);
  void mailCode(delivery, db, attempt.email, code);
  return true;
}

const expiry = () => new Date(Date.now() + LIMITS.otpTtlMinutes * 60_000);

/** The password step's outcome that an attempt keeps: see OtpChallengeTable. */
export interface AttemptStart {
  adminId: string | null;
  email: string;
  passwordMatched: boolean;
  blind: boolean;
  /** The admin's session version read with the password hash that was checked. */
  sessionVersion: number | null;
}

/**
 * Starts a sign-in attempt after the password step; returns the attempt's id and whether a code was
 * mailed. With `sendCode` it has a code at once (mailed when the password matched), otherwise none
 * until one is asked for (resendChallenge). A code the mail server would not take counts as no send,
 * so the admin may ask for one at once.
 */
export async function startChallenge(
  db: Db,
  delivery: CodeDelivery,
  secret: string,
  start: AttemptStart,
  { sendCode }: { sendCode: boolean },
): Promise<{ id: string; codeSent: boolean }> {
  const row = {
    admin_id: start.adminId,
    password_matched: start.passwordMatched,
    blind: start.blind,
    session_version: start.sessionVersion,
    expires_at: expiry(),
  };
  if (!sendCode) {
    const attempt = await db
      .insertInto("app.otp_challenge")
      .values({ ...row, code_hash: null, sends: [] })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: attempt.id, codeSent: false };
  }
  const code = newCode();
  const challenge = await db
    .insertInto("app.otp_challenge")
    .values({ ...row, code_hash: "pending" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("app.otp_challenge")
    .set({ code_hash: hashCode(secret, challenge.id, code) })
    .where("id", "=", challenge.id)
    .execute();
  const attempt = { email: start.email, password_matched: start.passwordMatched, blind: start.blind };
  if (await deliverCode(delivery, db, attempt, code)) return { id: challenge.id, codeSent: true };
  await db.updateTable("app.otp_challenge").set({ sends: [] }).where("id", "=", challenge.id).execute();
  return { id: challenge.id, codeSent: false };
}

const isLive = (attempt: { used_at: Date | null; expires_at: Date; attempts: number }) =>
  !attempt.used_at && attempt.expires_at > new Date() && attempt.attempts < LIMITS.otpMaxAttempts;

/**
 * Refuses every code of an admin who switched the emailed code off (no code is checked or mailed). Only
 * on attempts made with the right password and answered in the open: one made with a wrong one answers as
 * an unknown email's, so the refusal tells nobody without the password that the email is an admin's. An
 * attempt answered blind (past the account's ceiling) never gets it either: only the right password's
 * attempt would, which would tell the right password from the wrong ones. It answers as a wrong password's
 * instead (a code asked for is not mailed, and none is accepted); the admin finishes with the passkey.
 */
const refuseWhenCodesOff = (admin: { email_code_fallback: boolean | null } | undefined) => {
  if (admin?.email_code_fallback === false) throw new AppError("forbidden", MESSAGES.emailCodeOff);
};

/** The attempt while it can still be finished (unused, unexpired, not killed by wrong codes). */
export async function findLiveAttempt(db: Db, attemptId: string) {
  const attempt = await findAttemptStart(db, attemptId);
  return attempt?.live ? attempt : undefined;
}

/**
 * Marks a live attempt finished; false when it was finished, expired or killed meanwhile, or its password was wrong.
 */
export async function finishAttempt(db: Db, attemptId: string): Promise<boolean> {
  const finished = await db
    .updateTable("app.otp_challenge")
    .set({ used_at: new Date() })
    .where("id", "=", attemptId)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .where("attempts", "<", LIMITS.otpMaxAttempts)
    .where("password_matched", "=", true)
    .returning("id")
    .executeTakeFirst();
  return Boolean(finished);
}

/**
 * Who a sign-in attempt is for, whether its password was right, whether it was answered blind, and
 * whether it can still be finished (a code tried on one that cannot is never compared).
 */
export async function findAttemptStart(db: Db, attemptId: string) {
  const attempt = await db
    .selectFrom("app.otp_challenge")
    .select(["admin_id", "password_matched", "blind", "used_at", "expires_at", "attempts"])
    .where("id", "=", attemptId)
    .executeTakeFirst();
  return attempt && { ...attempt, live: isLive(attempt) };
}

/**
 * Checks a code against its attempt inside one transaction: single use, unexpired, and killed after
 * the fifth wrong try. An attempt made with a wrong password takes no code, and answers each one as
 * a wrong code; so does every attempt with `refuseEveryCode`. Returns the admin id on success.
 */
export async function verifyChallenge(
  db: Db,
  secret: string,
  challengeId: string,
  code: string,
  { refuseEveryCode = false } = {},
): Promise<string> {
  const outcome = await db.transaction().execute(async (trx) => {
    const challenge = await trx
      .selectFrom("app.otp_challenge")
      .selectAll()
      .where("id", "=", challengeId)
      .forUpdate()
      .executeTakeFirst();
    if (!challenge || !isLive(challenge)) return { error: MESSAGES.invalidOtp as string };
    let codesOff = false;
    if (challenge.admin_id) {
      const admin = await trx
        .selectFrom("app.admin")
        .select("email_code_fallback")
        .where("id", "=", challenge.admin_id)
        .executeTakeFirst();
      if (challenge.password_matched) {
        if (!challenge.blind) refuseWhenCodesOff(admin);
        codesOff = admin?.email_code_fallback === false;
      }
    }
    if (!challenge.code_hash) return { error: MESSAGES.invalidOtp as string };
    const expected = Buffer.from(challenge.code_hash, "hex");
    const actual = Buffer.from(hashCode(secret, challengeId, code), "hex");
    const codeMatches =
      expected.length === actual.length && timingSafeEqual(expected, actual) && !refuseEveryCode && !codesOff;
    if (codeMatches && challenge.password_matched && challenge.admin_id) {
      await trx.updateTable("app.otp_challenge").set({ used_at: new Date() }).where("id", "=", challengeId).execute();
      return { adminId: challenge.admin_id, error: null };
    }
    const attempts = challenge.attempts + 1;
    await trx.updateTable("app.otp_challenge").set({ attempts }).where("id", "=", challengeId).execute();
    return { error: attempts >= LIMITS.otpMaxAttempts ? MESSAGES.otpAttemptsExceeded : MESSAGES.invalidOtp };
  });
  if (outcome.error !== null || !("adminId" in outcome)) {
    const message = outcome.error ?? MESSAGES.invalidOtp;
    throw new AppError("validation", message, { otp: message });
  }
  return outcome.adminId;
}

/**
 * Sends a fresh code for a live attempt (the first one, for an attempt started without): at most one
 * every 30 s and five resends an hour; none while the admin has emailed codes off. An attempt made
 * with a wrong password answers the same and mails nothing. A code the mail server would not take
 * answers 503 and does not count as a send, so the admin may ask again at once.
 */
export async function resendChallenge(
  db: Db,
  delivery: CodeDelivery,
  secret: string,
  challengeId: string,
): Promise<void> {
  const code = newCode();
  const sentAt = new Date();
  const attempt = await db.transaction().execute(async (trx) => {
    const challenge = await trx
      .selectFrom("app.otp_challenge as attempt")
      .leftJoin("app.admin as admin", "admin.id", "attempt.admin_id")
      .select([
        "attempt.id",
        "used_at",
        "expires_at",
        "attempts",
        "sends",
        "password_matched",
        "blind",
        "admin.email",
        "admin.email_code_fallback",
      ])
      .where("attempt.id", "=", challengeId)
      .forUpdate("attempt")
      .executeTakeFirst();
    if (!challenge || !isLive(challenge))
      throw new AppError("validation", MESSAGES.invalidOtp, { otp: MESSAGES.invalidOtp });
    if (challenge.password_matched && !challenge.blind) refuseWhenCodesOff(challenge);
    const now = Date.now();
    const last = Math.max(...challenge.sends.map((d) => d.getTime()));
    const wait = LIMITS.otpResendIntervalSeconds * 1000 - (now - last);
    if (wait > 0) throw tooManyRequests(RESEND_TOO_SOON, wait / 1000);
    const resendsLastHour = challenge.sends.slice(1).filter((d) => now - d.getTime() < HOUR_MS);
    if (resendsLastHour.length >= LIMITS.otpResendsPerHour)
      throw tooManyRequests(
        RESEND_LIMIT,
        (Math.min(...resendsLastHour.map((d) => d.getTime())) + HOUR_MS - now) / 1000,
      );
    await trx
      .updateTable("app.otp_challenge")
      .set({
        code_hash: hashCode(secret, challengeId, code),
        expires_at: expiry(),
        sends: sql`array_append(sends, ${sentAt})`,
      })
      .where("id", "=", challengeId)
      .execute();
    return challenge;
  });
  const mailable = { ...attempt, password_matched: attempt.password_matched && attempt.email_code_fallback !== false };
  if (await deliverCode(delivery, db, mailable, code)) return;
  await db
    .updateTable("app.otp_challenge")
    .set({ sends: sql`array_remove(sends, ${sentAt})` })
    .where("id", "=", challengeId)
    .execute();
  throw new AppError("unavailable", MESSAGES.codeNotSent);
}

/**
 * The session an attempt finishes into, for the admin it was made for: refused (null) when the admin's session version
 * moved since the attempt's password was checked (a password change, a passkey deleted, a second factor reset), so a
 * sign-in begun with an old password, or finishing while the password changed, never yields a session.
 */
export async function attemptSessionHolds(db: Db, attemptId: string, admin: { session_version: number }) {
  const attempt = await db
    .selectFrom("app.otp_challenge")
    .select("session_version")
    .where("id", "=", attemptId)
    .executeTakeFirst();
  return (
    attempt !== undefined && (attempt.session_version === null || attempt.session_version === admin.session_version)
  );
}
