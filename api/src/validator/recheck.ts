import { sql } from "kysely";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { ScheduledJob } from "../scheduler/scheduler.ts";
import { AppError } from "../shared/errors.ts";
import type { Log } from "../shared/logger.ts";
import type { ValidatorCheck } from "../validator-check/index.ts";
import { endOperatorSessions, forgetOperator } from "./repository.ts";

export const VALIDATOR_RECHECK_JOB = "validator-recheck";
/** Wallets asked at once: the service answers each within its timeout, and a round stays well inside its 10 minutes. */
const AT_ONCE = 8;

/**
 * With an external validator-check service the portal hears of a wallet only when it asks, at sign-in: one the service
 * stops listing kept its session until it expired, and a new role waited for the next sign-in. Every 10 minutes this
 * asks again for each operator who signed in within a session's lifetime (whose session may be open): one the service
 * no longer lists has every session ended, one whose role changed has it at once. A wallet whose answer does not come
 * (the service down or answering nonsense) keeps what it has until a round gets one.
 */
export function validatorRecheckJob(deps: {
  db: Db;
  config: Pick<Config, "SESSION_TTL_SECONDS">;
  check: ValidatorCheck;
  log: Log;
}): ScheduledJob {
  const { db, check, log } = deps;
  return {
    name: VALIDATOR_RECHECK_JOB,
    cron: "*/10 * * * *",
    expireInSeconds: 9 * 60,
    async run() {
      const operators = await db
        .selectFrom("app.operator")
        .select(["id", "wallet_address", "user_role"])
        .where("last_sign_in_at", ">=", sql<Date>`now() - make_interval(secs => ${deps.config.SESSION_TTL_SECONDS})`)
        .orderBy("id")
        .execute();
      const counts = { asked: operators.length, removed: 0, roles: 0, unanswered: 0 };
      for (let start = 0; start < operators.length; start += AT_ONCE) {
        await Promise.all(
          operators.slice(start, start + AT_ONCE).map(async (operator) => {
            const answer = await check.check(operator.wallet_address).catch((error: unknown) => {
              if (error instanceof AppError) return undefined;
              throw error;
            });
            if (answer === undefined) counts.unanswered += 1;
            else if (!answer.validator) {
              if (await endOperatorSessions(db, operator.wallet_address)) counts.removed += 1;
              forgetOperator(operator.id);
            } else if (answer.userRole !== operator.user_role) {
              const changed = await db
                .updateTable("app.operator")
                .set({ user_role: answer.userRole, updated_at: sql`now()` })
                .where("id", "=", operator.id)
                .where("user_role", "<>", answer.userRole)
                .executeTakeFirst();
              if (changed.numUpdatedRows > 0n) counts.roles += 1;
              forgetOperator(operator.id);
            }
          }),
        );
      }
      log.info({ job: VALIDATOR_RECHECK_JOB, ...counts }, "validator check: signed-in operators asked again");
    },
  };
}
