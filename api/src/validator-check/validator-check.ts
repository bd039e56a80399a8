import { z } from "zod";
import { USER_ROLE, type UserRole } from "../public-contract/domain.ts";
import { MESSAGES } from "../public-contract/index.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { optionalEmail } from "../validator/schema.ts";

export interface ValidatorStatus {
  validator: boolean;
  email: string | null;
  userRole: UserRole;
}

export interface ValidatorCheck {
  check(walletAddress: string): Promise<ValidatorStatus>;
  /**
   * The built-in directory's answer again, read in `tx` with the wallet's entry locked until `tx` ends, so that an
   * admin's removal or role change (which writes the entry) waits for the sign-in being saved, or the sign-in sees it.
   * The external service has none: what it answered stands, and validator-recheck catches a change within 10 minutes.
   */
  confirm?(tx: Db, walletAddress: string): Promise<ValidatorStatus>;
}

const answerSchema = z.object({
  validator: z.boolean(),
  email: optionalEmail,
  userRole: z.enum([USER_ROLE.validator, USER_ROLE.standby]).optional(),
});

/**
 * The external validator-check service: POST {url}/api/user/checkvalidator {walletAddress}. Its answer is checked like
 * a directory entry (an email is an email, or none), and one that is not is no answer (503).
 */
function httpCheck(url: string, timeoutMs: number): ValidatorCheck {
  const endpoint = new URL("/api/user/checkvalidator", url).toString();
  return {
    async check(walletAddress) {
      let body: unknown;
      try {
        const response = await fetch(endpoint, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ walletAddress }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        body = await response.json();
      } catch {
        throw new AppError("unavailable", MESSAGES.validatorCheckUnavailable);
      }
      const parsed = answerSchema.safeParse(body);
      if (!parsed.success) throw new AppError("unavailable", MESSAGES.validatorCheckUnavailable);
      return {
        validator: parsed.data.validator,
        email: parsed.data.email ?? null,
        userRole: parsed.data.userRole ?? USER_ROLE.validator,
      };
    },
  };
}

/** The built-in validator directory (admin-managed table). */
function directoryCheck(db: Db): ValidatorCheck {
  const read = async (from: Db, walletAddress: string, lock: boolean): Promise<ValidatorStatus> => {
    let query = from
      .selectFrom("app.validator_directory")
      .selectAll()
      .where("wallet_address", "=", walletAddress.toLowerCase());
    if (lock) query = query.forShare();
    const row = await query.executeTakeFirst();
    if (!row) return { validator: false, email: null, userRole: USER_ROLE.standby };
    return {
      validator: true,
      email: row.email,
      userRole: row.user_role === USER_ROLE.standby ? USER_ROLE.standby : USER_ROLE.validator,
    };
  };
  return {
    check: (walletAddress) => read(db, walletAddress, false),
    confirm: (tx, walletAddress) => read(tx, walletAddress, true),
  };
}

export function createValidatorCheck(config: Config, db: Db): ValidatorCheck {
  return config.VALIDATOR_CHECK_URL
    ? httpCheck(config.VALIDATOR_CHECK_URL, config.VALIDATOR_CHECK_TIMEOUT_MS)
    : directoryCheck(db);
}
