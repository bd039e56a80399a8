import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { UNUSABLE_HASH, verifyPassword } from "../auth/password.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { countPasskeys } from "../passkey/repository.ts";
import { countTry, spendTry } from "../rate-limit/rate-limit.ts";
import { AppError } from "../shared/errors.ts";
import { startChallenge } from "./otp.ts";
import { accountPasswordFailures, clientPasswordFailures } from "./reauth.ts";
import { findAdminByEmail } from "./repository.ts";
import type { registerDetailSchema } from "./schema.ts";

const invalidCredentials = () =>
  new AppError("validation", MESSAGES.invalidCredentials, {
    email: MESSAGES.invalidCredentials,
    password: MESSAGES.invalidCredentials,
  });

/**
 * The password step of an admin's sign-in; answers the attempt to confirm with the second factor.
 * A client past its own budget of wrong passwords for the account is refused (429). Past the
 * account's ceiling of wrong passwords from all clients, nobody is refused and nobody is told a
 * wrong password: right and wrong ones get the same answer (for an email no admin has, that of an
 * admin without a passkey), a code is mailed only for the right one, and an attempt made with a
 * wrong one can never be finished. So strangers guessing from many addresses learn nothing and
 * cannot lock the admin out, and the admin finishes with the emailed code or a passkey as always.
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
  const admin = await findAdminByEmail(db, email);
  const passwordMatched =
    (await verifyPassword(password, admin?.password_hash ?? UNUSABLE_HASH)) && admin !== undefined;
  if (passwordMatched && !blind) await Promise.all([fromClient.refund(), fromAllClients.refund()]);
  if (!passwordMatched && !blind) throw invalidCredentials();
  const passkey = admin ? (await countPasskeys(db, admin.id)) > 0 : false;
  const emailCode = !passkey || admin?.email_code_fallback === true;
  const start = { adminId: admin?.id ?? null, email: admin?.email ?? email, passwordMatched, blind };
  const challenge = await startChallenge(db, { mailer, log }, config.JWT_SECRET, start, {
    sendCode: emailCode && !passkey,
  });
  return { _id: challenge.id, email: start.email, passkey, emailCode, codeSent: challenge.codeSent };
}
