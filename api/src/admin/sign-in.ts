import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { UNUSABLE_HASH, verifyPassword } from "../auth/index.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { countPasskeys } from "../passkey/index.ts";
import { countTry, LIMITS_BY_ROUTE as L, spendTry, type Limit } from "../rate-limit/index.ts";
import { AppError, tooManyRequests } from "../shared/errors.ts";
import { findAttemptStart, startChallenge, verifyChallenge } from "./otp.ts";
import { accountPasswordFailures, clientPasswordFailures } from "./reauth.ts";
import { findAdminByEmail } from "./repository.ts";
import type { registerDetailSchema } from "./schema.ts";

const invalidCredentials = () =>
  new AppError("validation", MESSAGES.invalidCredentials, {
    email: MESSAGES.invalidCredentials,
    password: MESSAGES.invalidCredentials,
  });

/**
 * What a blind answer offers, whoever the email is: both second factors, no code sent yet (the admin
 * asks for one). Telling an admin with a passkey, or with the emailed code off, from one without, or
 * from an email no admin has, would tell strangers which emails are admins'.
 */
const BLIND_SECOND_FACTORS = { passkey: true, emailCode: true, codeSent: false } as const;

/**
 * The password step of an admin's sign-in; answers the attempt to confirm with the second factor.
 * A client past its own budget of wrong passwords for the account is refused (429). Past the
 * account's ceiling of wrong passwords from all clients, nobody is refused and nobody is told a
 * wrong password: every email, an admin's or not, with the right password or not, gets the same
 * answer (BLIND_SECOND_FACTORS), a code is mailed only for the right one once asked for, and an
 * attempt made with a wrong one can never be finished. So strangers guessing from many addresses
 * learn nothing, not even whether the email is an admin's, and cannot lock the admin out; the admin
 * finishes with a passkey or the emailed code as always.
 * Every try is counted on both budgets before the password is checked (a burst gets no more checks
 * than the budget), and a right one is refunded; while blind it is not: else a 429 coming one try
 * late would tell that one of the tries was right.
 */
export async function passwordStep(
  c: Context<AppEnv>,
  email: string,
  ip: string,
  password: string,
): Promise<z.output<typeof registerDetailSchema>["registerDetail"]> {
  const { db, mailer, log, config } = c.get("deps");
  const fromClient = await spendTry(c, clientPasswordFailures(email, ip));
  const fromAllClients = await countTry(c, accountPasswordFailures(email));
  const blind = fromAllClients.over;
  const found = await findAdminByEmail(db, email);
  // A disabled admin answers as an email no admin has: their password is checked against nothing.
  const admin = found?.disabled_at ? undefined : found;
  const passwordMatched =
    (await verifyPassword(password, admin?.password_hash ?? UNUSABLE_HASH)) && admin !== undefined;
  if (passwordMatched && !blind) await Promise.all([fromClient.refund(), fromAllClients.refund()]);
  if (!passwordMatched && !blind) throw invalidCredentials();
  const start = {
    adminId: admin?.id ?? null,
    email: admin?.email ?? email,
    passwordMatched,
    blind,
    sessionVersion: admin?.session_version ?? null,
  };
  if (blind) {
    const challenge = await startChallenge(db, { mailer, log }, config.JWT_SECRET, start, { sendCode: false });
    return { _id: challenge.id, email, ...BLIND_SECOND_FACTORS };
  }
  const passkey = admin ? (await countPasskeys(db, admin.id)).all > 0 : false;
  const emailCode = !passkey || admin?.email_code_fallback === true;
  const challenge = await startChallenge(db, { mailer, log }, config.JWT_SECRET, start, {
    sendCode: emailCode && !passkey,
  });
  return { _id: challenge.id, email: start.email, passkey, emailCode, codeSent: challenge.codeSent };
}

/** Codes tried on the admin's attempts made with the right password, from every attempt and address. */
export const adminCodeFailures = (adminId: string): [Limit, string] => [L.adminCodeFailures, adminId];

/**
 * Codes tried on the admin's blind attempts made with a wrong password: counted as the right password's are, so that
 * the two take the same work and time, and read by nothing (a wrong password's attempt is never finished).
 */
const wrongPasswordCodes = (adminId: string): [Limit, string] => [L.adminCodeFailures, `${adminId}:wrong-password`];

/**
 * The code step; answers the admin's id. An attempt takes five codes, but someone holding the password
 * could start attempts from many addresses, so each code tried on an attempt made with the right
 * password is also counted on the admin's ceiling, before it is checked (a right one is refunded; one
 * on an attempt already finished, expired or killed is never compared, and not counted).
 * Past the ceiling no code is checked: 429, except on an attempt answered blind, which answers as to a
 * wrong code, because a refusal that only the right password's attempts got would tell which password
 * was right. Codes on attempts made with a wrong password never count (they can never be finished
 * anyway), so nobody without the password can spend the admin's ceiling; on a blind attempt they are counted on a
 * budget of their own, which nothing reads, so that a code's answer takes as long whichever password started it.
 */
export async function codeStep(c: Context<AppEnv>, attemptId: string, code: string): Promise<string> {
  const { db, config } = c.get("deps");
  const attempt = await findAttemptStart(db, attemptId);
  if (!attempt?.admin_id || !attempt.password_matched || !attempt.live) {
    if (attempt?.admin_id && attempt.blind && attempt.live) await countTry(c, wrongPasswordCodes(attempt.admin_id));
    return verifyChallenge(db, config.JWT_SECRET, attemptId, code);
  }
  const tried = await countTry(c, adminCodeFailures(attempt.admin_id));
  if (tried.over && !attempt.blind) throw tooManyRequests(MESSAGES.tooManyRequests, tried.secondsLeft);
  const adminId = await verifyChallenge(db, config.JWT_SECRET, attemptId, code, { refuseEveryCode: tried.over });
  await tried.refund();
  return adminId;
}
