import {
  INCENTIVE_STATUS,
  STAKE_STATUS,
  type Discrepancy as PaymentDiscrepancy,
  type IncentiveResponse,
  type IncentiveSummary,
  type StakeEventResponse,
  type StakeResponse,
  type StakeStatus,
} from "@pli/api/public-contract";
import type { StakeEventKind } from "@pli/api/chain/views";
import { rewardKey } from "./rules.ts";

/** Something the API serves about money that differs from the chain. */
export interface Discrepancy {
  what: string;
  api: string;
  chain: string;
}

/** One stake, top-up, unlock or unstake event of the canonical chain. */
export interface StakeEventFact {
  kind: StakeEventKind;
  wallet: string;
  node: string;
  amount: bigint;
  totalAfter: bigint;
  txHash: string;
}

/** What the contracts say at the end of the run: their view functions and the events of the canonical chain. */
export interface ChainFacts {
  /**
   * Every (wallet, node) looked at, lower-case: the status the portal should show (null: never staked), and what the
   * contract holds.
   */
  positions: { wallet: string; node: string; status: StakeStatus | null; total: bigint }[];
  events: StakeEventFact[];
  rewardPool: bigint;
  /** The RewardPaid events: what was paid for each (wallet, node, date key), and in which transaction. */
  payments: { wallet: string; node: string; dateKey: bigint; amount: bigint; txHash: string }[];
  /** rewardKey of every incentive row whose key isRewardPaid answers true for. */
  paidKeys: Set<string>;
  /** Transactions that reverted: nothing of them may be served. */
  reverted: string[];
}

/** What the harness made off the chain: the incentive rows it wrote and the operators with their portal nodes. */
export interface HarnessFacts {
  rows: { id: string; wallet: string; node: string; dateKey: bigint; token: bigint }[];
  operators: { wallet: string; nodes: { id: string; address: string }[] }[];
}

type ServedEvent = Pick<
  StakeEventResponse,
  "kind" | "walletAddress" | "nodeAddress" | "totalStake" | "totalAfter" | "tnxHash"
>;
type ServedIncentive = Pick<
  IncentiveResponse,
  "_id" | "walletAddress" | "nodeAddress" | "dateKey" | "status" | "tnxHash" | "paidAmount" | "token"
>;

/** What the API serves, read through its HTTP routes with real sessions. */
export interface ServedFacts {
  /** The admin's stake list. */
  positions: Pick<StakeResponse, "walletAddress" | "nodeAddress" | "status" | "totalStake">[];
  /** The admin's transaction list. */
  events: ServedEvent[];
  operators: {
    wallet: string;
    /** GET /api/stake/getTotal. */
    total: string;
    /** getTotal and getstatus with each portal node's id. */
    nodes: { id: string; total: string; status: StakeStatus | null }[];
    events: ServedEvent[];
    incentives: Pick<IncentiveResponse, "_id" | "status">[];
  }[];
  summary: IncentiveSummary;
  incentives: ServedIncentive[];
  discrepancies: Pick<PaymentDiscrepancy, "kind" | "walletAddress" | "nodeAddress" | "dateKey" | "paid" | "tnxHash">[];
}

const lower = (value: string) => value.toLowerCase();
const pairKey = (wallet: string, node: string) => `${lower(wallet)}/${lower(node)}`;
const shown = (value: unknown) => (value === null || value === undefined ? "none" : String(value));
const eventKey = (e: {
  kind: string;
  wallet: string;
  node: string;
  amount: string;
  totalAfter: string;
  txHash: string;
}) => `${e.kind} of ${pairKey(e.wallet, e.node)} amount ${e.amount} total ${e.totalAfter} in ${lower(e.txHash)}`;
const factKey = (e: StakeEventFact) =>
  eventKey({ ...e, amount: e.amount.toString(), totalAfter: e.totalAfter.toString() });
const servedKey = (e: ServedEvent) =>
  eventKey({
    kind: e.kind,
    wallet: e.walletAddress,
    node: e.nodeAddress,
    amount: e.totalStake,
    totalAfter: e.totalAfter,
    txHash: e.tnxHash,
  });

function counts(keys: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const key of keys) map.set(key, (map.get(key) ?? 0) + 1);
  return map;
}

/** Every event the chain has exactly once in the list, nothing more. */
function compareEvents(list: string, served: ServedEvent[], chain: StakeEventFact[], out: Discrepancy[]) {
  const want = counts(chain.map(factKey));
  const got = counts(served.map(servedKey));
  for (const key of new Set([...want.keys(), ...got.keys()])) {
    const [w, g] = [want.get(key) ?? 0, got.get(key) ?? 0];
    if (w !== g) out.push({ what: `${list}: stake event ${key}`, api: `${g} time(s)`, chain: `${w} time(s)` });
  }
}

/** Compares everything served about money with the chain; answers each difference (empty when they agree). */
export function compareServed(served: ServedFacts, chain: ChainFacts, harness: HarnessFacts): Discrepancy[] {
  const out: Discrepancy[] = [];
  const positions = new Map(chain.positions.map((p) => [pairKey(p.wallet, p.node), p]));
  const live = (p: { status: StakeStatus | null } | undefined) =>
    p?.status === STAKE_STATUS.stake || p?.status === STAKE_STATUS.unlock;

  const servedPositions = new Map(served.positions.map((p) => [pairKey(p.walletAddress, p.nodeAddress), p]));
  for (const key of new Set([...positions.keys(), ...servedPositions.keys()])) {
    const want = positions.get(key);
    const got = servedPositions.get(key);
    if (!want?.status && !got) continue;
    if (got?.status !== want?.status)
      out.push({ what: `admin stake list: status of ${key}`, api: shown(got?.status), chain: shown(want?.status) });
    if (got && want?.status && got.totalStake !== want.total.toString())
      out.push({ what: `admin stake list: total of ${key}`, api: got.totalStake, chain: want.total.toString() });
  }
  compareEvents("admin transactions", served.events, chain.events, out);

  for (const operator of harness.operators) {
    const got = served.operators.find((o) => lower(o.wallet) === lower(operator.wallet));
    if (!got) {
      out.push({ what: `operator ${lower(operator.wallet)}`, api: "not read", chain: "has a wallet" });
      continue;
    }
    const total = chain.positions
      .filter((p) => lower(p.wallet) === lower(operator.wallet) && live(p))
      .reduce((sum, p) => sum + p.total, 0n);
    if (got.total !== total.toString())
      out.push({ what: `getTotal of ${lower(operator.wallet)}`, api: got.total, chain: total.toString() });
    for (const node of operator.nodes) {
      const servedNode = got.nodes.find((n) => n.id === node.id);
      const want = positions.get(pairKey(operator.wallet, node.address));
      const nodeTotal = live(want) ? want!.total.toString() : "0";
      if (servedNode?.total !== nodeTotal)
        out.push({
          what: `getTotal of ${pairKey(operator.wallet, node.address)}`,
          api: shown(servedNode?.total),
          chain: nodeTotal,
        });
      if (servedNode?.status !== (want?.status ?? null))
        out.push({
          what: `getstatus of ${pairKey(operator.wallet, node.address)}`,
          api: shown(servedNode?.status),
          chain: shown(want?.status),
        });
    }
    compareEvents(
      `transactions of ${lower(operator.wallet)}`,
      got.events,
      chain.events.filter((e) => lower(e.wallet) === lower(operator.wallet)),
      out,
    );
  }

  if (served.summary.rewardBalance !== chain.rewardPool.toString())
    out.push({ what: "reward pool", api: served.summary.rewardBalance, chain: chain.rewardPool.toString() });
  compareIncentives(served, chain, harness, out);
  for (const hash of chain.reverted.map(lower)) {
    const inEvents = [served.events, ...served.operators.map((o) => o.events)].some((events) =>
      events.some((e) => lower(e.tnxHash) === hash),
    );
    const inIncentives =
      served.incentives.some((i) => i.tnxHash !== null && lower(i.tnxHash) === hash) ||
      served.discrepancies.some((d) => lower(d.tnxHash) === hash);
    if (inEvents || inIncentives)
      out.push({
        what: `reverted transaction ${hash}`,
        api: inEvents ? "served as a stake event" : "served as a payment",
        chain: "reverted",
      });
  }
  return out;
}

/**
 * Each row's paid flag, payment and amounts; the operators' own lists; the cards; the payments no row or another amount
 * explains.
 */
function compareIncentives(served: ServedFacts, chain: ChainFacts, harness: HarnessFacts, out: Discrepancy[]) {
  const payments = new Map(
    chain.payments.map((p) => [rewardKey({ wallet: p.wallet, node: p.node, date: p.dateKey }), p]),
  );
  const servedRows = new Map(served.incentives.map((row) => [row._id, row]));
  const harnessRows = new Map(harness.rows.map((row) => [row.id, row]));
  const statusOf = (row: HarnessFacts["rows"][number]) =>
    chain.paidKeys.has(rewardKey({ wallet: row.wallet, node: row.node, date: row.dateKey }))
      ? INCENTIVE_STATUS.paid
      : INCENTIVE_STATUS.unPaid;
  const totals = {
    [INCENTIVE_STATUS.paid]: { count: 0, token: 0n },
    [INCENTIVE_STATUS.unPaid]: { count: 0, token: 0n },
  };
  const rowKeys = new Set<string>();
  const expectedDiscrepancies: string[] = [];
  for (const row of harness.rows) {
    const key = rewardKey({ wallet: row.wallet, node: row.node, date: row.dateKey });
    rowKeys.add(key);
    const status = statusOf(row);
    totals[status].count += 1;
    totals[status].token += status === INCENTIVE_STATUS.paid ? (payments.get(key)?.amount ?? row.token) : row.token;
    const got = servedRows.get(row.id);
    if (!got) {
      out.push({ what: `incentive ${row.id} (${key})`, api: "missing", chain: status });
      continue;
    }
    if (got.status !== status)
      out.push({ what: `paid flag of incentive ${row.id} (${key})`, api: got.status, chain: status });
    const payment = status === INCENTIVE_STATUS.paid ? payments.get(key) : undefined;
    if (shown(got.tnxHash && lower(got.tnxHash)) !== shown(payment?.txHash && lower(payment.txHash)))
      out.push({
        what: `payout transaction of incentive ${row.id} (${key})`,
        api: shown(got.tnxHash),
        chain: shown(payment?.txHash),
      });
    if (shown(got.paidAmount) !== shown(payment?.amount))
      out.push({
        what: `paid amount of incentive ${row.id} (${key})`,
        api: shown(got.paidAmount),
        chain: shown(payment?.amount),
      });
    if (payment && payment.amount !== row.token)
      expectedDiscrepancies.push(`amount ${key} ${payment.amount} ${lower(payment.txHash)}`);
  }
  for (const row of served.incentives)
    if (!harnessRows.has(row._id)) out.push({ what: `incentive ${row._id}`, api: "served", chain: "never created" });

  for (const operator of served.operators) {
    for (const row of operator.incentives) {
      const mine = harnessRows.get(row._id);
      if (!mine || lower(mine.wallet) !== lower(operator.wallet))
        out.push({
          what: `incentive ${row._id} in the list of ${lower(operator.wallet)}`,
          api: "served",
          chain: "another wallet's or unknown",
        });
      else if (row.status !== statusOf(mine))
        out.push({
          what: `paid flag of incentive ${row._id} in the list of ${lower(operator.wallet)}`,
          api: row.status,
          chain: statusOf(mine),
        });
    }
    const own = harness.rows.filter((r) => lower(r.wallet) === lower(operator.wallet)).length;
    if (operator.incentives.length !== own)
      out.push({
        what: `incentive count in the list of ${lower(operator.wallet)}`,
        api: String(operator.incentives.length),
        chain: String(own),
      });
  }

  for (const [status, card] of [
    [INCENTIVE_STATUS.paid, served.summary.paid],
    [INCENTIVE_STATUS.unPaid, served.summary.unPaid],
  ] as const) {
    const want = totals[status];
    if (card.count !== want.count || card.token !== want.token.toString())
      out.push({
        what: `${status} card`,
        api: `${card.count} rows, ${card.token} wei`,
        chain: `${want.count} rows, ${want.token} wei`,
      });
  }

  for (const payment of chain.payments) {
    const key = rewardKey({ wallet: payment.wallet, node: payment.node, date: payment.dateKey });
    if (!rowKeys.has(key)) expectedDiscrepancies.push(`unmatched ${key} ${payment.amount} ${lower(payment.txHash)}`);
  }
  const want = counts(expectedDiscrepancies);
  const got = counts(
    served.discrepancies.map(
      (d) =>
        `${d.kind} ${rewardKey({ wallet: d.walletAddress, node: d.nodeAddress, date: d.dateKey })} ${d.paid} ${lower(d.tnxHash)}`,
    ),
  );
  for (const key of new Set([...want.keys(), ...got.keys()])) {
    const [w, g] = [want.get(key) ?? 0, got.get(key) ?? 0];
    if (w !== g) out.push({ what: `payment discrepancy ${key}`, api: `${g} time(s)`, chain: `${w} time(s)` });
  }
}
