import { sql, type Expression } from "kysely";
import { keptPriceAt, valuedAt } from "../price/index.ts";
import { INCENTIVE_STATUS, type StakeStatus } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { stakeIdOf } from "../stake/schema.ts";
import { nextPaymentDate, paymentDueOf } from "./calendar.ts";
import { INCENTIVE_STATUSES, type IncentiveStatus } from "./rules.ts";
import type { Discrepancy, IncentiveResponse, IncentiveSummary } from "./schema.ts";

export const incentives = (db: Db) => db.selectFrom("app.incentive as i");
type IncentiveQuery = ReturnType<typeof incentives>;

/**
 * What `q` asks for: rows in some statuses (a status label it begins, any case), or 0x hex to find at the start of an
 * address or hash.
 */
export function searchOf(q: string): { statuses?: IncentiveStatus[]; hexPrefix?: string } {
  const term = q.trim().toLowerCase();
  if (!term) return {};
  if (/^0x[0-9a-f]*$/.test(term)) return { hexPrefix: term };
  return { statuses: INCENTIVE_STATUSES.filter((status) => status.toLowerCase().startsWith(term)) };
}

const baseColumns = (query: IncentiveQuery) =>
  query.select([
    "i.id",
    "i.wallet",
    "i.node",
    sql<string>`i.date::text`.as("date"),
    "i.date_key",
    "i.token",
    "i.type",
    "i.status",
    "i.inactive_count",
    "i.staked_days",
    "i.accrued_days",
    "i.percentage",
    "i.paid_tx",
    "i.paid_at",
    "i.paid_amount",
    "i.created_at",
  ]);

export const withRelations = (query: IncentiveQuery) =>
  baseColumns(query).select((eb) => [
    eb
      .selectFrom("app.node as n")
      .select("n.id")
      .whereRef("n.node_address", "=", "i.node")
      .$castTo<string | null>()
      .as("node_id"),
    eb
      .selectFrom("app.node as n")
      .select("n.name")
      .whereRef("n.node_address", "=", "i.node")
      .$castTo<string | null>()
      .as("node_name"),
    eb
      .selectFrom("app.operator as o")
      .select("o.email")
      .whereRef("o.wallet_address", "=", "i.wallet")
      .$castTo<string | null>()
      .as("email"),
    eb
      .selectFrom("chain.stake_position as p")
      .select("p.status")
      .whereRef("p.wallet", "=", "i.wallet")
      .whereRef("p.node", "=", "i.node")
      .$castTo<StakeStatus | null>()
      .as("stake_status"),
    keptPriceAt(sql.ref<bigint>("i.paid_block")).as("paid_price"),
  ]);

/**
 * A wei amount as PLI text exactly as pliText writes it (an exact numeric product: every digit kept, trailing zeros
 * trimmed), by the database function that writes the token of each incentive's export line.
 */
export const pliTextSql = (wei: Expression<string>) => sql<string>`app.pli_text(${wei})`;

export type IncentiveRow = Awaited<ReturnType<ReturnType<typeof withRelations>["executeTakeFirstOrThrow"]>>;

export const newestFirst = (query: IncentiveQuery) => query.orderBy("i.date", "desc").orderBy("i.id");

export const findIncentives = (db: Db, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : withRelations(incentives(db)).where("i.id", "in", ids).execute();

export const findIncentive = async (db: Db, id: string) => (await findIncentives(db, [id]))[0];

/**
 * Pay Now's holds on incentives are taken and checked under one lock, for the transaction: two plans made at once then
 * see each other's holds (their pool checks included), and a delete sees a hold taken before it.
 */
export async function lockPayoutHolds(tx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('pli.payout-holds'))`.execute(tx);
}

/**
 * Holds `ids` for the Pay Now plan `planId` of `adminId` until `minutes` from now (a row the plan holds already is held
 * longer), after dropping every hold past its time. Call under lockPayoutHolds. Answers the ids held, and whether a row
 * left out is held by another plan of the same admin.
 */
export async function holdPayoutRows(
  tx: Db,
  plan: { planId: string; adminId: string; ids: string[]; minutes: number },
): Promise<{ held: string[]; heldByOwnPlan: boolean }> {
  await tx
    .deleteFrom("app.payout_reservation")
    .where("reserved_until", "<", sql<Date>`now()`)
    .execute();
  const { rows } = await sql<{ incentive_id: string }>`
    INSERT INTO app.payout_reservation (incentive_id, plan_id, admin_id, reserved_until)
    SELECT id, ${plan.planId}::uuid, ${plan.adminId}::uuid, now() + make_interval(mins => ${plan.minutes})
    FROM unnest(${plan.ids}::uuid[]) AS id
    ON CONFLICT (incentive_id) DO UPDATE SET reserved_until = excluded.reserved_until
    WHERE payout_reservation.plan_id = excluded.plan_id AND payout_reservation.admin_id = excluded.admin_id
    RETURNING incentive_id
  `.execute(tx);
  const held = rows.map((row) => row.incentive_id);
  const missing = plan.ids.filter((id) => !held.includes(id));
  const own =
    missing.length > 0 &&
    (await tx
      .selectFrom("app.payout_reservation")
      .select("incentive_id")
      .where("incentive_id", "in", missing)
      .where("admin_id", "=", plan.adminId)
      .executeTakeFirst()) !== undefined;
  return { held, heldByOwnPlan: own };
}

/** Which of `ids` (UnPaid) a Pay Now plan holds now. */
export const heldPayoutIds = async (tx: Db, ids: string[]): Promise<string[]> =>
  (
    await tx
      .selectFrom("app.payout_reservation as r")
      .innerJoin("app.incentive as i", "i.id", "r.incentive_id")
      .select("r.incentive_id")
      .where("r.incentive_id", "in", ids)
      .where("r.reserved_until", ">=", sql<Date>`now()`)
      .where("i.status", "=", INCENTIVE_STATUS.unPaid)
      .execute()
  ).map((row) => row.incentive_id);

/** Whether a Pay Now plan holds the UnPaid incentive `id` now (a paid one's hold is spent). Call under lockPayoutHolds. */
export const payoutHeld = async (tx: Db, id: string) => (await heldPayoutIds(tx, [id])).length > 0;

/** The PLI of the UnPaid incentives other Pay Now plans hold (their payRewards may still be on the way). */
export async function reservedPayoutTotal(tx: Db, exceptPlanId: string): Promise<bigint> {
  const row = await tx
    .selectFrom("app.payout_reservation as r")
    .innerJoin("app.incentive as i", "i.id", "r.incentive_id")
    .select(sql<string>`coalesce(sum(i.token), 0)::text`.as("total"))
    .where("r.plan_id", "<>", exceptPlanId)
    .where("r.reserved_until", ">=", sql<Date>`now()`)
    .where("i.status", "=", INCENTIVE_STATUS.unPaid)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** Gives back the rows `ids` of the plan `planId` that the admin `adminId` made; answers how many it gave back. */
export async function releasePayoutRows(db: Db, plan: { planId: string; adminId: string; ids: string[] }) {
  const { numDeletedRows } = await db
    .deleteFrom("app.payout_reservation")
    .where("plan_id", "=", plan.planId)
    .where("admin_id", "=", plan.adminId)
    .where("incentive_id", "in", plan.ids)
    .executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}

/**
 * Deletes the incentive while it is UnPaid and the indexer has no payment of it; answers what it was (undefined when
 * absent or paid). A payment indexed but not matched to its row yet (the matcher runs after the indexer) is a payment:
 * the row it pays is kept.
 */
export const deleteUnpaidIncentive = (db: Db, id: string) =>
  db
    .deleteFrom("app.incentive as i")
    .where("i.id", "=", id)
    .where("i.status", "=", INCENTIVE_STATUS.unPaid)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("chain.reward_payment as p")
            .select(sql`1`.as("one"))
            .whereRef("p.wallet", "=", "i.wallet")
            .whereRef("p.node", "=", "i.node")
            .whereRef("p.date_key", "=", "i.date_key"),
        ),
      ),
    )
    .returning(["i.wallet", "i.node", "i.date", "i.token", "i.type", "i.status"])
    .executeTakeFirst();

/** The payments the indexer recorded for a transaction. */
export const paymentsOfTransaction = (db: Db, txHash: string) =>
  db
    .selectFrom("chain.reward_payment")
    .select(["wallet", "node", "date_key", "amount"])
    .where("tx_hash", "=", txHash)
    .execute();

/** The reward deposits the indexer recorded for a transaction: depositor, amount and pool after, wei. */
export const depositsOfTransaction = (db: Db, txHash: string) =>
  db
    .selectFrom("chain.reward_deposit")
    .select(["depositor", "amount", "pool_after as poolAfter"])
    .where("tx_hash", "=", txHash)
    .execute();

/** The reward pool of the StakingRewards contract as indexed, wei ("0" before any deposit). */
export async function rewardBalance(db: Db): Promise<string> {
  const row = await db
    .selectFrom("chain.reward_pool")
    .select(sql<string>`coalesce(sum(balance), 0)::text`.as("balance"))
    .executeTakeFirstOrThrow();
  return row.balance;
}

const mismatches = (db: Db) => db.selectFrom("app.incentive as i").where(sql<boolean>`i.paid_amount <> i.token`);

async function countDiscrepancies(db: Db): Promise<number> {
  const [amount, unmatched] = await Promise.all([
    mismatches(db)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("app.incentive_orphan_payment")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(amount.n) + Number(unmatched.n);
}

/** The admin's cards, from the kept counts, the indexed reward pool and the discrepancies. */
export async function incentiveSummary(db: Db): Promise<IncentiveSummary> {
  const [counts, balance, discrepancies] = await Promise.all([
    db
      .selectFrom("app.incentive_status_count")
      .select(["status", sql<string>`count::text`.as("count"), "token"])
      .execute(),
    rewardBalance(db),
    countDiscrepancies(db),
  ]);
  const of = (status: IncentiveStatus) => {
    const row = counts.find((count) => count.status === status);
    return { count: Number(row?.count ?? 0), token: row?.token ?? "0" };
  };
  const paid = of(INCENTIVE_STATUS.paid);
  const unPaid = of(INCENTIVE_STATUS.unPaid);
  return {
    total: { count: paid.count + unPaid.count, token: (BigInt(paid.token) + BigInt(unPaid.token)).toString() },
    paid,
    unPaid,
    rewardBalance: balance,
    discrepancies,
  };
}

/** A page of discrepancies, latest payment first: amounts that differ from their row, then payments without a row. */
export async function listDiscrepancies(
  db: Db,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: Discrepancy[]; total: number }> {
  const { rows } = await sql<{
    kind: Discrepancy["kind"];
    id: string | null;
    wallet: string;
    node: string;
    date_key: string;
    expected: string | null;
    paid: string;
    tx: string;
    paid_at: Date;
  }>`
    SELECT * FROM (
      SELECT 'amount' AS kind, i.id::text AS id, i.wallet, i.node, i.date_key::text AS date_key, i.token AS expected, i.paid_amount AS paid, i.paid_tx AS tx, i.paid_at
      FROM app.incentive AS i WHERE i.paid_amount <> i.token
      UNION ALL
      SELECT 'unmatched', NULL, o.wallet, o.node, o.date_key::text, NULL, o.amount, o.tx_hash, o.block_time FROM app.incentive_orphan_payment AS o
    ) AS d
    ORDER BY paid_at DESC, tx, wallet, node, date_key
    LIMIT ${limit} OFFSET ${(page - 1) * limit}
  `.execute(db);
  const total = await countDiscrepancies(db);
  return {
    total,
    rows: rows.map((row) => ({
      kind: row.kind,
      incentiveId: row.id,
      walletAddress: row.wallet,
      nodeAddress: row.node,
      dateKey: Number(row.date_key),
      date: `${row.date_key.slice(0, 4)}-${row.date_key.slice(4, 6)}-${row.date_key.slice(6, 8)}`,
      expected: row.expected,
      paid: row.paid,
      tnxHash: row.tx,
      paidDate: row.paid_at.toISOString(),
    })),
  };
}

/**
 * A paid row's PLI/USD price at its payment's block and the USD value of what the chain paid; null without one, and
 * when `priced` is false (no PRICE_FEED_ADDRESS): no fiat figure appears anywhere then.
 */
function paidUsdOf(row: IncentiveRow, priced: boolean): Pick<IncentiveResponse, "paidPrice" | "paidUsd"> {
  if (!priced || row.paid_amount === null) return { paidPrice: null, paidUsd: null };
  const { price, usd } = valuedAt(row.paid_price, BigInt(row.paid_amount));
  return { paidPrice: price, paidUsd: usd };
}

/** An incentive as the API answers it; `priced` (PRICE_FEED_ADDRESS set) adds the USD of its payment. */
export function toIncentiveResponse(row: IncentiveRow, now: Date, priced: boolean): IncentiveResponse {
  return {
    _id: row.id,
    token: row.token,
    walletAddress: row.wallet,
    nodeAddress: row.node,
    nodeId: row.node_id,
    nodeName: row.node_name ?? "",
    date: row.date,
    dateKey: row.date_key,
    status: row.status,
    type: row.type,
    inactiveCount: row.inactive_count,
    stakedDays: row.staked_days,
    accruedDays: row.accrued_days,
    percentage: String(Number(row.percentage)),
    tnxHash: row.paid_tx,
    paidDate: row.paid_at ? row.paid_at.toISOString() : null,
    paidAmount: row.paid_amount,
    amountMismatch: row.paid_amount !== null && row.paid_amount !== row.token,
    ...paidUsdOf(row, priced),
    nextPaymentDate: nextPaymentDate(row.date, now),
    paymentDue: paymentDueOf(row.date),
    stake: { stakeNo: stakeIdOf(row.wallet, row.node), status: row.stake_status },
    user: { walletAddress: row.wallet, email: row.email ?? "" },
    createdAt: row.created_at.toISOString(),
  };
}
