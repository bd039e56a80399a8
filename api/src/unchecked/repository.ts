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

const noApprovedRequest = sql`
  SELECT 'noApprovedRequest' AS kind, e.wallet, e.node, e.kind AS stake_kind, e.amount, NULL::numeric AS multiple,
         NULL::numeric AS min_stake, NULL::numeric AS max_stake, e.tx_hash, e.block_number, e.log_index, e.block_time
  FROM chain.stake_event AS e
  WHERE e.kind IN ${STAKE_KINDS} AND NOT EXISTS (
    SELECT FROM app.node AS n JOIN app.stake_request AS r ON r.node_id = n.id
    WHERE n.wallet_address = e.wallet AND n.node_address = e.node AND r.status = ${STAKE_REQUEST_STATUS.approved}
  )`;

/** isOffMultiple (api/src/stake/rules.ts) with the multiple (whole PLI, in wei) in force at the event's block time. */
const offMultiple = sql`
  SELECT 'offMultiple' AS kind, e.wallet, e.node, e.kind AS stake_kind, e.amount, m.multiple,
         NULL::numeric AS min_stake, NULL::numeric AS max_stake, e.tx_hash, e.block_number, e.log_index, e.block_time
  FROM chain.stake_event AS e
  CROSS JOIN LATERAL (
    SELECT s.multiple * ${sql.lit(WEI_PER_PLI)}::numeric AS multiple FROM app.stake_multiple AS s
    WHERE s.effective_from <= e.block_time ORDER BY s.effective_from DESC, s.id DESC LIMIT 1
  ) AS m
  WHERE e.kind IN ${STAKE_KINDS} AND m.multiple > 0 AND e.amount % m.multiple <> 0`;

/**
 * A limit change is made through the portal when the settings page recorded its transaction; the constructor's is the
 * deployment's.
 */
const limitChangeOutsidePortal = sql`
  SELECT 'limitChangeOutsidePortal' AS kind, c.sender AS wallet, NULL AS node, NULL AS stake_kind, NULL::numeric AS amount, NULL::numeric AS multiple,
         c.min_stake, c.max_stake, c.tx_hash, c.block_number, c.log_index, c.block_time
  FROM chain.stake_limit_change AS c
  WHERE NOT c.at_deployment AND NOT EXISTS (SELECT FROM app.stake_limit_portal_change AS p WHERE p.tx_hash = c.tx_hash)`;

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
    date: row.block_time.toISOString(),
  }));
}
