import { randomUUID } from "node:crypto";
import type { PublicClient } from "viem";
import { receiptOrNull } from "../chain/client.ts";
import { getIndexedBlock } from "../chain/views.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import {
  findIncentives,
  paymentsOfTransaction,
  reservedPayoutTotal,
  heldPayoutIds,
  holdPayoutRows,
  lockPayoutHolds,
  rewardBalance,
  type IncentiveRow,
} from "./repository.ts";
import { matchPayments } from "./payments.ts";
import {
  decidePayoutHint,
  isPayable,
  PAYOUT_RESERVATION_MINUTES,
  payoutBatches,
  rewardPoolShort,
} from "./payout-rules.ts";
import { INCENTIVE_MESSAGES } from "./schema.ts";

/** The selected rows, in the order given; 404 when any is unknown. */
async function selected(db: Db, ids: string[]): Promise<IncentiveRow[]> {
  const unique = [...new Set(ids)];
  const rows = await findIncentives(db, unique);
  if (rows.length !== unique.length) throw new AppError("notFound", INCENTIVE_MESSAGES.incentiveNotFound);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => byId.get(id)!);
}

/**
 * The payRewards calls of the selected rows, which fit a block, amounts from the rows, never from the browser. Refuses
 * (409) a row already paid or of 0, and a selection the indexed reward pool cannot cover (spec 8's message), also after
 * `inFlight` more.
 */
async function payoutCalls(db: Db, rows: IncentiveRow[], inFlight: () => Promise<bigint>) {
  const unpayable = rows.filter((row) => !isPayable(row)).length;
  if (unpayable > 0)
    throw new AppError("conflict", INCENTIVE_MESSAGES.incentiveNotPayable, {
      ids: `${selectedCount(unpayable, rows.length)} Paid or of 0 PLI`,
    });
  const batches = payoutBatches(
    rows.map((row) => ({ id: row.id, wallet: row.wallet, node: row.node, date: row.date, token: BigInt(row.token) })),
  );
  const total = batches.reduce((sum, batch) => sum + batch.total, 0n);
  const balance = await rewardBalance(db);
  if (rewardPoolShort(BigInt(balance), total))
    throw new AppError("conflict", INCENTIVE_MESSAGES.insufficientRewardPool);
  if (rewardPoolShort(BigInt(balance), total + (await inFlight())))
    throw new AppError("conflict", INCENTIVE_MESSAGES.poolTakenByPayoutsInFlight);
  return {
    total: total.toString(),
    rewardBalance: balance,
    batches: batches.map((batch) => ({
      ...batch,
      amounts: batch.amounts.map(String),
      dates: batch.dates.map(Number),
      total: batch.total.toString(),
    })),
  };
}

/**
 * A payout's plan for a Safe proposal: the selected rows (after matching the payments indexed so far) as payRewards
 * calls. The Safe's own queue keeps proposals from paying a row twice or more than the pool holds. A Pay Now plan from
 * an admin's wallet made before the portal was in Safe mode may still hold rows for a few minutes: such a row is
 * refused (409), and the pool those plans hold is not counted as free.
 */
export async function planPayout(db: Db, ids: string[]) {
  await matchPayments(db);
  const rows = await selected(db, ids);
  const held = await heldPayoutIds(
    db,
    rows.map((row) => row.id),
  );
  if (held.length > 0)
    throw new AppError("conflict", INCENTIVE_MESSAGES.payoutInFlight, {
      ids: `${selectedCount(held.length, rows.length)} in another payout`,
    });
  return payoutCalls(db, rows, () => reservedPayoutTotal(db, NO_PLAN));
}

/** A plan id no Pay Now plan has: every plan's held rows count as in flight. */
const NO_PLAN = "00000000-0000-0000-0000-000000000000";

/**
 * Pay Now's plan, sent from the admin's own wallet: as planPayout, and the rows are held for `adminId`
 * (PAYOUT_RESERVATION_MINUTES, renewed before each batch, or until given back), named by `planId`. Refuses (409) a row
 * another plan holds, and a selection the pool cannot pay after the rows other plans hold: their payRewards may not be
 * mined yet, and a second payment of a row or one past the pool reverts on chain after its gas is paid.
 */
export async function planDirectPayout(db: Db, ids: string[], adminId: string) {
  await matchPayments(db);
  return db.transaction().execute(async (tx) => {
    await lockPayoutHolds(tx);
    const rows = await selected(tx, ids);
    const planId = randomUUID();
    if (rows.every(isPayable)) await holdAll(tx, { planId, adminId, ids: rows.map((row) => row.id) });
    return { planId, ...(await payoutCalls(tx, rows, () => reservedPayoutTotal(tx, planId))) };
  });
}

/**
 * Before each batch of a plan is sent: its rows are held PAYOUT_RESERVATION_MINUTES more for the plan (a plan of many
 * batches outlasts one hold), or 409 when another plan holds one now (the batch is then not sent).
 */
export const renewPayoutHold = (db: Db, plan: { planId: string; adminId: string; ids: string[] }) =>
  db.transaction().execute(async (tx) => {
    await lockPayoutHolds(tx);
    await holdAll(tx, { ...plan, ids: [...new Set(plan.ids)] });
  });

/** Holds every row of `ids` for the plan, or refuses (409) with how many another plan holds. */
async function holdAll(tx: Db, plan: { planId: string; adminId: string; ids: string[] }) {
  const { held, heldByOwnPlan } = await holdPayoutRows(tx, { ...plan, minutes: PAYOUT_RESERVATION_MINUTES });
  if (held.length === plan.ids.length) return;
  throw new AppError(
    "conflict",
    heldByOwnPlan ? INCENTIVE_MESSAGES.payoutInFlightOwn : INCENTIVE_MESSAGES.payoutInFlight,
    { ids: `${selectedCount(plan.ids.length - held.length, plan.ids.length)} in another payout` },
  );
}

/** "The selected incentive is", "All 3 selected incentives are", "1 of the 3 selected incentives is". */
function selectedCount(some: number, all: number): string {
  if (all === 1) return "The selected incentive is";
  if (some === all) return `All ${all} selected incentives are`;
  return `${some} of the ${all} selected incentives ${some === 1 ? "is" : "are"}`;
}

/**
 * POST /api/incentive/update: a browser's word that `hash` paid the selected rows. It only makes the
 * matcher run now; the answer is what the chain shows (404 unknown, 409 failed, pending or no payout),
 * and `paid` lists the selected rows this transaction paid on the chain.
 */
export async function checkPayoutHint(deps: { db: Db; chain: PublicClient }, hash: string, ids: string[]) {
  await matchPayments(deps.db);
  const payments = await paymentsOfTransaction(deps.db, hash);
  if (payments.length === 0) {
    const receipt = await receiptOrNull(deps.chain, hash as `0x${string}`);
    const indexed = receipt ? await getIndexedBlock(deps.db) : null;
    const decision = decidePayoutHint(
      0,
      receipt && { status: receipt.status, indexed: indexed !== null && receipt.blockNumber <= BigInt(indexed) },
    );
    if (!decision.ok) throw new AppError(decision.code, decision.reason);
  }
  const rows = await selected(deps.db, ids);
  return { rows, paid: rows.filter((row) => row.paid_tx === hash).map((row) => row.id) };
}
