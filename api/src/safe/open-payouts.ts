import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { INCENTIVE_MESSAGES } from "../incentive/schema.ts";
import { AppError } from "../shared/errors.ts";
import type { SafeAction } from "./schema.ts";

/**
 * Serialises what names incentives in a Safe payout with what deletes them, for the rest of `db`'s transaction: a
 * deletion either sees the payout proposal or the proposal sees its incentive gone.
 */
export async function lockPayoutNames(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('pli.safe-payout-names'))`.execute(db);
}

/**
 * The nonce of a payout proposal to `safe` on `chainId` that names incentive `id` and can still execute (nothing has
 * executed at its nonce, which the Safe has not passed), or null. Its Safe transaction pays the incentive's wallet,
 * node and date whatever the portal's record says, so the record stays until another transaction takes that nonce.
 */
export async function openPayoutNaming(db: Db, safe: string, chainId: number, id: string): Promise<string | null> {
  const row = await stillToExecute(db, safe, chainId)
    .select("p.nonce")
    .where("p.kind", "=", "payout")
    .where(sql<boolean>`p.description->'action'->'ids' @> ${JSON.stringify([id])}::jsonb`)
    .orderBy("p.nonce")
    .limit(1)
    .executeTakeFirst();
  return row?.nonce ?? null;
}

/** The proposals to `safe` on `chainId` that can still execute: nothing has executed at their nonce, the Safe's own. */
const stillToExecute = (db: Db, safe: string, chainId: number) =>
  db
    .selectFrom("app.safe_proposal as p")
    .where("p.chain_id", "=", chainId)
    .where("p.safe", "=", safe.toLowerCase())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("chain.safe_execution as e")
            .select(sql`1`.as("one"))
            .whereRef("e.safe", "=", "p.safe")
            .whereRef("e.nonce", "=", "p.nonce"),
        ),
      ),
    )
    .where(
      "p.nonce",
      ">=",
      sql<string>`coalesce((SELECT s.nonce FROM chain.safe_state AS s WHERE s.safe = ${safe.toLowerCase()}), 0)`,
    );

/**
 * Refuses (404) a payout proposal whose incentives are not all there any more, inside the transaction that stores it:
 * one deleted while the payout was built could not see the proposal, so the proposal goes (the transaction rolls back).
 */
export async function requirePayoutNames(db: Db, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await lockPayoutNames(db);
  const found = await db
    .selectFrom("app.incentive")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("id", "in", unique)
    .executeTakeFirstOrThrow();
  if (Number(found.n) !== unique.length) throw new AppError("notFound", INCENTIVE_MESSAGES.incentiveNotFound);
}

/**
 * The nonce of a proposal to `safe` still to execute (as openPayoutNaming) at a nonce other than `nonce` that does what
 * `action` does and would make it fail on chain: a payout paying one of its incentives, an unlock of the same stake.
 * Its Safe transaction would revert, and the Safe cannot pass a nonce that does not execute: every later proposal would
 * wait behind it. Null when there is none (or `action` cannot clash).
 */
export async function queuedClash(
  db: Db,
  { safe, chainId, nonce }: { safe: string; chainId: number; nonce: bigint },
  action: SafeAction,
): Promise<string | null> {
  if (action.kind !== "payout" && action.kind !== "unlock") return null;
  const same =
    action.kind === "payout"
      ? sql<boolean>`p.description->'action'->'ids' ?| ${action.ids}::text[]`
      : sql<boolean>`lower(p.description->'action'->>'wallet') = ${action.wallet.toLowerCase()}
          AND lower(p.description->'action'->>'node') = ${action.node.toLowerCase()}`;
  const row = await stillToExecute(db, safe, chainId)
    .where("p.kind", "=", action.kind)
    .where("p.nonce", "!=", nonce.toString())
    .where(same)
    .select("p.nonce")
    .orderBy("p.nonce")
    .limit(1)
    .executeTakeFirst();
  return row?.nonce ?? null;
}

/**
 * The PLI that the payout proposals to `safe` still to execute at nonces other than `nonce` take from the reward pool:
 * whether they execute before a payout at `nonce` or after it, the pool must hold them all. Proposals at one nonce are
 * alternatives (one executes at most): the largest counts.
 */
export async function queuedPayoutsTotal(
  db: Db,
  { safe, chainId, nonce }: { safe: string; chainId: number; nonce: bigint },
): Promise<bigint> {
  const rows = await stillToExecute(db, safe, chainId)
    .where("p.kind", "=", "payout")
    .where("p.nonce", "!=", nonce.toString())
    .select(sql<string>`max((p.description->>'total')::numeric)::text`.as("total"))
    .groupBy("p.nonce")
    .execute();
  return rows.reduce((sum, row) => sum + BigInt(row.total), 0n);
}
