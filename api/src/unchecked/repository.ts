import { sql, type RawBuilder } from "kysely";
import { STAKE_REQUEST_STATUS } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { WEI_PER_PLI } from "../shared/pli.ts";
import type { UncheckedCounts, UncheckedItem, UncheckedKind } from "./schema.ts";

/**
 * The rules of unchecked activity in SQL, one query per kind, each giving the same columns. A stake
 * is a stake or top-up event. "Approved request": the portal holds an Approved interest request for
 * the event's node with the event's wallet (spec 4's condition for the deposit view), now.
 */
const STAKE_KINDS = sql`('stake', 'topup')`;

/** The item (kind, and the log of alias `log`) was not marked reviewed. */
export const notReviewed = (kind: UncheckedKind, log: string) => sql`NOT EXISTS (
    SELECT FROM app.unchecked_review AS v
    WHERE v.kind = ${kind} AND v.tx_hash = ${sql.ref(`${log}.tx_hash`)} AND v.log_index = ${sql.ref(`${log}.log_index`)}
  )`;

const noApprovedRequest = sql`
  SELECT 'noApprovedRequest' AS kind, e.wallet, e.node, e.kind AS stake_kind, e.amount, NULL::numeric AS multiple,
         NULL::numeric AS min_stake, NULL::numeric AS max_stake, e.tx_hash, e.block_number, e.log_index, e.block_time
  FROM chain.stake_event AS e
  WHERE e.kind IN ${STAKE_KINDS} AND NOT EXISTS (
    SELECT FROM app.node AS n JOIN app.stake_request AS r ON r.node_id = n.id
    WHERE n.wallet_address = e.wallet AND n.node_address = e.node AND r.status = ${STAKE_REQUEST_STATUS.approved}
  ) AND ${notReviewed("noApprovedRequest", "e")}`;

/** isOffMultiple (api/src/stake/rules.ts) with the multiple (whole PLI, in wei) in force at the event's block time. */
const offMultiple = sql`
  SELECT 'offMultiple' AS kind, e.wallet, e.node, e.kind AS stake_kind, e.amount, m.multiple,
         NULL::numeric AS min_stake, NULL::numeric AS max_stake, e.tx_hash, e.block_number, e.log_index, e.block_time
  FROM chain.stake_event AS e
  CROSS JOIN LATERAL (
    SELECT s.multiple * ${sql.lit(WEI_PER_PLI)}::numeric AS multiple FROM app.stake_multiple AS s
    WHERE s.effective_from <= e.block_time ORDER BY s.effective_from DESC, s.id DESC LIMIT 1
  ) AS m
  WHERE e.kind IN ${STAKE_KINDS} AND m.multiple > 0 AND e.amount % m.multiple <> 0
    AND ${notReviewed("offMultiple", "e")}`;

/**
 * A limit change is made through the portal when the settings page recorded its transaction; the constructor's is the
 * deployment's.
 */
const limitChangeOutsidePortal = sql`
  SELECT 'limitChangeOutsidePortal' AS kind, c.sender AS wallet, NULL AS node, NULL AS stake_kind, NULL::numeric AS amount, NULL::numeric AS multiple,
         c.min_stake, c.max_stake, c.tx_hash, c.block_number, c.log_index, c.block_time
  FROM chain.stake_limit_change AS c
  WHERE NOT c.at_deployment AND NOT EXISTS (SELECT FROM app.stake_limit_portal_change AS p WHERE p.tx_hash = c.tx_hash)
    AND ${notReviewed("limitChangeOutsidePortal", "c")}`;

const QUERIES: Record<UncheckedKind, RawBuilder<unknown>> = {
  noApprovedRequest,
  offMultiple,
  limitChangeOutsidePortal,
};

/** How many items of each kind there are. */
export async function countUnchecked(db: Db): Promise<UncheckedCounts> {
  const { rows } = await sql<UncheckedCounts>`
    SELECT (SELECT count(*) FROM (${noApprovedRequest}) AS a)::int AS "noApprovedRequest",
           (SELECT count(*) FROM (${offMultiple}) AS o)::int AS "offMultiple",
           (SELECT count(*) FROM (${limitChangeOutsidePortal}) AS l)::int AS "limitChangeOutsidePortal"
  `.execute(db);
  return rows[0]!;
}

interface UncheckedRow {
  kind: UncheckedKind;
  wallet: string;
  node: string | null;
  stake_kind: "stake" | "topup" | null;
  amount: string | null;
  multiple: string | null;
  min_stake: string | null;
  max_stake: string | null;
  tx_hash: string;
  block_number: bigint;
  log_index: number;
  block_time: Date;
}

/** A page of unchecked activity (of one kind, or all), newest first. */
export async function listUnchecked(
  db: Db,
  { page, limit, kind }: { page: number; limit: number; kind?: UncheckedKind },
): Promise<UncheckedItem[]> {
  const union = kind
    ? QUERIES[kind]
    : sql`${noApprovedRequest} UNION ALL ${offMultiple} UNION ALL ${limitChangeOutsidePortal}`;
  const { rows } = await sql<UncheckedRow>`
    SELECT * FROM (${union}) AS u
    ORDER BY block_number DESC, log_index DESC, kind
    LIMIT ${limit} OFFSET ${(page - 1) * limit}
  `.execute(db);
  return rows.map((row) => ({
    kind: row.kind,
    walletAddress: row.wallet,
    nodeAddress: row.node,
    stakeKind: row.stake_kind,
    amount: row.amount,
    multiple: row.multiple,
    minimumStake: row.min_stake,
    maximumStake: row.max_stake,
    tnxHash: row.tx_hash,
    blockNumber: row.block_number.toString(),
    logIndex: row.log_index,
    date: row.block_time.toISOString(),
  }));
}

/** The item as it stands unreviewed now; undefined when there is no such item or it was already reviewed. */
export async function findUnchecked(
  db: Db,
  { kind, tnxHash, logIndex }: { kind: UncheckedKind; tnxHash: string; logIndex: number },
): Promise<{ tx_hash: string; log_index: number } | undefined> {
  const { rows } = await sql<{ tx_hash: string; log_index: number }>`
    SELECT u.tx_hash, u.log_index FROM (${QUERIES[kind]}) AS u
    WHERE u.tx_hash = ${tnxHash} AND u.log_index = ${logIndex}
    LIMIT 1
  `.execute(db);
  return rows[0];
}

/** Whether the item was already marked reviewed. */
export const reviewOf = (db: Db, key: { kind: UncheckedKind; tnxHash: string; logIndex: number }) =>
  db
    .selectFrom("app.unchecked_review")
    .selectAll()
    .where("kind", "=", key.kind)
    .where("tx_hash", "=", key.tnxHash)
    .where("log_index", "=", key.logIndex)
    .executeTakeFirst();

/** Marks the item reviewed; false when it already was (the first review and its note stand). */
export async function insertReview(
  tx: Db,
  review: { kind: UncheckedKind; tnxHash: string; logIndex: number; note: string; adminId: string | null },
): Promise<boolean> {
  const inserted = await tx
    .insertInto("app.unchecked_review")
    .values({
      kind: review.kind,
      tx_hash: review.tnxHash,
      log_index: review.logIndex,
      note: review.note,
      reviewed_by: review.adminId,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("kind")
    .executeTakeFirst();
  return inserted !== undefined;
}
