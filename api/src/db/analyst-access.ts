import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { CHAIN_VIEWS_SCHEMA } from "../chain/views.ts";
import type { Db } from "./database.ts";
import { ANALYST_ROLE } from "./migrations/0015_analytics.ts";
import { DATABASE_ROLES } from "./roles.ts";

/**
 * Errors another session's change of the same catalog rows causes: the role is shared by every
 * database of the server, where a per-database advisory lock cannot order the changes, and the indexer
 * may be recreating its views or schema at that moment. The step is idempotent, so it runs again.
 */
const CONCURRENT_CHANGE_CODES = new Set(["XX000", "23505", "40P01", "40001"]);
const ATTEMPTS = 5;

/**
 * The analyst role's access after migrations, run by whatever migrates (`npm run migrate`, the stack
 * runner), as the owner role: USAGE on `chain` and SELECT on its views, also on the views the indexer
 * role publishes later (its default privileges, which the owner may set as a member of it), and its login: with
 * `password` the role logs in with it, without one it cannot log in. Idempotent; instances starting
 * together take turns.
 */
export async function applyAnalystAccess(db: Db, password: string | undefined): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext('pli.analyst-access'))`.execute(trx);
        const role = sql.id(ANALYST_ROLE);
        const schema = sql.id(CHAIN_VIEWS_SCHEMA);
        await sql`CREATE SCHEMA IF NOT EXISTS ${schema} AUTHORIZATION ${sql.id(DATABASE_ROLES.indexer)}`.execute(trx);
        await sql`GRANT USAGE ON SCHEMA ${schema} TO ${role}`.execute(trx);
        await sql`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${role}`.execute(trx);
        await sql`ALTER DEFAULT PRIVILEGES FOR ROLE ${sql.id(DATABASE_ROLES.indexer)} IN SCHEMA ${schema} GRANT SELECT ON TABLES TO ${role}`.execute(
          trx,
        );
        if (password === undefined) {
          await sql`ALTER ROLE ${role} NOLOGIN`.execute(trx);
          return;
        }
        const { rows } = await sql<{
          statement: string;
        }>`SELECT format('ALTER ROLE %I LOGIN PASSWORD %L', ${ANALYST_ROLE}::text, ${password}::text) AS statement`.execute(
          trx,
        );
        await sql.raw(rows[0]!.statement).execute(trx);
      });
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || typeof code !== "string" || !CONCURRENT_CHANGE_CODES.has(code)) throw error;
      await sleep(20 * attempt);
    }
  }
}
