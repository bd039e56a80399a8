import { encodeFunctionData, type Address } from "viem";
import { stakingRewardsAbi } from "@pli/abis";
import { pli } from "../../../test/chain.ts";
import type { Actor } from "./actors.ts";
import { isAdmin, pick, share, STEP, type Bench, type IncentiveRow, type Plan } from "./bench.ts";
import type { Intent } from "./program.ts";
import { depositVerdict, payoutVerdict, type PayoutEntry } from "./rules.ts";
import { sendThroughSafe } from "./safe.ts";

/**
 * The reward side: deposits into the pool, incentive rows written into app.incentive (as the accrual
 * writes them), bulk payouts of those rows and payouts of keys no row has. Payout planners answer
 * null when a valid intent finds nothing to pay (the caller then deposits instead).
 */

const FIRST_ROW_YEAR = 2001;
const FIRST_ORPHAN_DAY = Date.UTC(2000, 0, 2);
const DAY_MS = 86_400_000;

/** YYYYMMDD of a UTC date, the key payRewards is called with. */
const dateKeyOf = (at: Date) => BigInt(at.getUTCFullYear() * 10_000 + (at.getUTCMonth() + 1) * 100 + at.getUTCDate());

/**
 * The owner's approve(amount) then depositReward(amount), 1,000 to 50,000 PLI; invalid: an amount of 0,
 * or depositReward from an operator's wallet (which keeps the unlimited approval it stakes with).
 */
export async function planDeposit(bench: Bench, intent: Intent, from: Actor): Promise<Plan> {
  let sender: Actor = bench.actors.owner;
  let amount = STEP + share(intent.r1, pli(49_000), STEP);
  if (intent.invalid) {
    if (intent.variant % 2 === 0) amount = 0n;
    else sender = from;
  }
  const handle = bench.chain.as(sender.key);
  const { balance, allowance } = await bench.chain.funds(sender.address);
  return {
    kind: "deposit reward",
    expected: depositVerdict({
      isAdmin: isAdmin(bench, sender),
      amount,
      balance,
      allowance: sender === from ? allowance : amount,
    }),
    send: async () => [
      ...(sender === from
        ? []
        : [
            await bench.chain.mined(
              handle.token.write.approve([bench.chain.deployment.contracts.stakingRewards, amount], bench.chain.tx),
            ),
          ]),
      await bench.chain.mined(handle.staking.write.depositReward([amount], bench.chain.tx)),
    ],
  };
}

/**
 * One to four incentive rows of the operator's nodes, each dated the 1st of a month its (wallet, node) has no row for
 * yet.
 */
export async function accrueRows(
  bench: Bench,
  intent: Intent,
  operator: { address: Address; nodes: Address[] },
): Promise<number> {
  const values = Array.from({ length: 1 + (intent.r1 % 4) }, (_, j) => {
    const node = operator.nodes[(intent.node + j) % operator.nodes.length]!;
    const pair = `${operator.address}:${node}`;
    const month = bench.rowMonths.get(pair) ?? 0;
    bench.rowMonths.set(pair, month + 1);
    const date = new Date(Date.UTC(FIRST_ROW_YEAR, month, 1));
    const token = pli(1 + ((intent.r2 + j * 7_919) % 500)) + BigInt(intent.r1);
    return {
      wallet: operator.address.toLowerCase(),
      node: node.toLowerCase(),
      date: date.toISOString().slice(0, 10),
      dateKey: dateKeyOf(date),
      token,
    };
  });
  const inserted = await bench.db
    .insertInto("app.incentive")
    .values(
      values.map(({ wallet, node, date, token }) => ({
        wallet,
        node,
        date,
        token,
        inactive_count: 0,
        staked_days: 30,
        accrued_days: 30,
        percentage: "2.5",
      })),
    )
    .returning("id")
    .execute();
  inserted.forEach(({ id }, j) => {
    const row = values[j]!;
    bench.rows.push({
      id,
      wallet: operator.address,
      node: operator.nodes[(intent.node + j) % operator.nodes.length]!,
      dateKey: row.dateKey,
      token: row.token,
    });
  });
  return inserted.length;
}

/** A date key no row has (never the 1st of a month), for a payment the incentives do not know. */
function orphanDate(bench: Bench): bigint {
  let at = new Date(FIRST_ORPHAN_DAY + bench.orphanDays++ * DAY_MS);
  if (at.getUTCDate() === 1) at = new Date(FIRST_ORPHAN_DAY + bench.orphanDays++ * DAY_MS);
  return dateKeyOf(at);
}

/** Each entry with whether the chain has paid its key already. */
const withPaid = (bench: Bench, entries: Omit<PayoutEntry, "paid">[]) =>
  Promise.all(
    entries.map(async (entry) => ({
      ...entry,
      paid: await bench.chain.isRewardPaid(entry.wallet, entry.node, entry.date),
    })),
  );

/** Up to `count` distinct rows picked from the created ones. */
function someRows(bench: Bench, intent: Intent, count: number): IncentiveRow[] {
  const picked = new Map<string, IncentiveRow>();
  for (let j = 0; j < count * 2 && picked.size < count; j++) {
    const row = pick(bench.rows, intent.r2 + j * 104_729);
    if (row) picked.set(row.id, row);
  }
  return [...picked.values()];
}

const entryOf = (row: IncentiveRow): Omit<PayoutEntry, "paid"> => ({
  wallet: row.wallet,
  node: row.node,
  date: row.dateKey,
  amount: row.token,
});

/** The entries that fit the pool in order, each at most once. */
function fitting(entries: PayoutEntry[], pool: bigint): PayoutEntry[] {
  const kept: PayoutEntry[] = [];
  let left = pool;
  for (const entry of entries) {
    if (entry.paid || entry.amount > left) continue;
    kept.push(entry);
    left -= entry.amount;
  }
  return kept;
}

function payoutPlan(
  bench: Bench,
  kind: string,
  sender: Actor,
  entries: PayoutEntry[],
  pool: bigint,
  lengthsMatch = true,
): Plan {
  const staking = bench.chain.as(sender.key).staking;
  const wallets = entries.map((entry) => entry.wallet);
  const args = [
    lengthsMatch ? wallets : [...wallets, ...wallets],
    entries.map((entry) => entry.amount),
    entries.map((entry) => entry.date),
    entries.map((entry) => entry.node),
  ] as const;
  return {
    kind,
    expected: payoutVerdict({ isAdmin: isAdmin(bench, sender), entries, lengthsMatch, pool }),
    send: async () => [
      bench.safe && sender === bench.actors.owner
        ? await sendThroughSafe(
            bench.chain,
            bench.safe,
            bench.chain.deployment.contracts.stakingRewards,
            encodeFunctionData({ abi: stakingRewardsAbi, functionName: "payRewards", args }),
          )
        : await bench.chain.mined(staking.write.payRewards(args, bench.chain.tx)),
    ],
  };
}

/**
 * payRewards of one to five created rows that are unpaid and fit the pool (now and then one paid
 * another amount than its row); invalid: above the pool, a key paid already, an amount of 0, from an
 * operator's wallet, or arrays of different lengths.
 */
export async function planPayout(
  bench: Bench,
  intent: Intent,
  operator: { address: Address; nodes: Address[] } & Actor,
): Promise<Plan | null> {
  const pool = await bench.chain.rewardPool();
  const orphan = (amount: bigint): Omit<PayoutEntry, "paid"> => ({
    wallet: operator.address,
    node: operator.nodes[intent.node % operator.nodes.length]!,
    date: orphanDate(bench),
    amount,
  });
  if (!intent.invalid) {
    const entries = fitting(await withPaid(bench, someRows(bench, intent, 1 + (intent.r1 % 5)).map(entryOf)), pool);
    if (entries.length === 0) return null;
    if (intent.variant % 8 === 0 && entries[0]!.amount + pli(1) <= pool)
      entries[0] = { ...entries[0]!, amount: entries[0]!.amount + pli(1) };
    return payoutPlan(bench, "payout", bench.actors.owner, entries, pool);
  }
  const variant = intent.variant % 5;
  if (variant === 1) {
    const paid = (await withPaid(bench, someRows(bench, intent, 10).map(entryOf))).filter((entry) => entry.paid);
    if (paid.length > 0) return payoutPlan(bench, "payout", bench.actors.owner, paid.slice(0, 1), pool);
  }
  if (variant === 2) return payoutPlan(bench, "payout", bench.actors.owner, await withPaid(bench, [orphan(0n)]), pool);
  if (variant === 3) return payoutPlan(bench, "payout", operator, await withPaid(bench, [orphan(pli(1))]), pool);
  if (variant === 4)
    return payoutPlan(bench, "payout", bench.actors.owner, await withPaid(bench, [orphan(pli(1))]), pool, false);
  return payoutPlan(bench, "payout", bench.actors.owner, await withPaid(bench, [orphan(pool + 1n)]), pool);
}

/** payRewards of one to three keys no row has (the admins see them as discrepancies), 1 to 100 PLI each. */
export async function planOrphanPayout(
  bench: Bench,
  intent: Intent,
  operator: { address: Address; nodes: Address[] },
): Promise<Plan | null> {
  const pool = await bench.chain.rewardPool();
  const wanted = Array.from({ length: 1 + (intent.r1 % 3) }, (_, j) => ({
    wallet: operator.address,
    node: operator.nodes[(intent.node + j) % operator.nodes.length]!,
    date: orphanDate(bench),
    amount: pli(1 + ((intent.r2 + j) % 100)),
  }));
  const entries = fitting(await withPaid(bench, wanted), pool);
  return entries.length === 0 ? null : payoutPlan(bench, "orphan payout", bench.actors.owner, entries, pool);
}
