import { actorState, operatorOf, type ActorState, type Bench, type Plan } from "./bench.ts";
import type { Mined } from "./chain.ts";
import type { Intent, OpKind } from "./program.ts";
import { accrueRows, planDeposit, planOrphanPayout, planPayout } from "./reward-ops.ts";
import type { Verdict } from "./rules.ts";
import {
  planLimits,
  planStake,
  planTopup,
  planTransferAndCall,
  planUnlock,
  planUnstake,
  planWhitelist,
} from "./stake-ops.ts";

/**
 * One operation as run: its kind, the contracts' verdict, its transactions (the judged one last), and what went
 * unexpectedly.
 */
export interface OpRecord {
  index: number;
  kind: string;
  expected: Verdict;
  txs: Mined[];
  /** Incentive rows written (accrual operations). */
  rows: number;
  /** Set when the outcome differs from the verdict (or a preparatory transaction failed). */
  unexpected?: string;
  /** Set once a reorg took the judged transaction's block off the chain. */
  dropped?: boolean;
}

type Planner = (bench: Bench, state: ActorState, intent: Intent, index: number) => Plan | null | Promise<Plan | null>;

const PLANNERS: Record<Exclude<OpKind, "accrue">, Planner> = {
  whitelist: (bench, state, intent) => planWhitelist(bench, state, intent, "staking"),
  farmWhitelist: (bench, state, intent) => planWhitelist(bench, state, intent, "farm"),
  stake: planStake,
  topup: planTopup,
  transferAndCall: planTransferAndCall,
  unlock: planUnlock,
  unstake: planUnstake,
  limits: planLimits,
  deposit: (bench, state, intent) => planDeposit(bench, intent, state.operator),
  payout: (bench, state, intent) => planPayout(bench, intent, state.operator),
  orphanPayout: (bench, state, intent) => planOrphanPayout(bench, intent, state.operator),
};

/** What a valid intent turns into when it finds nothing to act on: the next kind that can (a whitelist always can). */
const FALLBACKS: Partial<Record<OpKind, OpKind[]>> = {
  stake: ["whitelist"],
  topup: ["stake", "whitelist"],
  transferAndCall: ["whitelist"],
  unlock: ["topup", "stake", "whitelist"],
  unstake: ["unlock", "stake", "whitelist"],
  payout: ["deposit"],
  orphanPayout: ["deposit"],
};

/**
 * Plans the intent against the chain's state now (falling back as above), sends it and judges the receipts against the
 * verdict.
 */
export async function runOperation(bench: Bench, intent: Intent, index: number): Promise<OpRecord> {
  const operator = operatorOf(bench, intent);
  if (intent.kind === "accrue")
    return { index, kind: "incentive rows", expected: null, txs: [], rows: await accrueRows(bench, intent, operator) };
  const state = await actorState(bench, operator);
  let plan: Plan | null = null;
  for (const kind of [intent.kind, ...(FALLBACKS[intent.kind] ?? [])] as Exclude<OpKind, "accrue">[]) {
    plan = await PLANNERS[kind](bench, state, { ...intent, kind }, index);
    if (plan) break;
  }
  if (!plan) throw new Error(`no plan for ${intent.kind} (operation ${index})`);
  const txs = await plan.send();
  const judged = txs.at(-1)!;
  const record: OpRecord = { index, kind: plan.kind, expected: plan.expected, txs, rows: 0 };
  const failedEarlier = txs.slice(0, -1).find((tx) => !tx.ok);
  if (failedEarlier) record.unexpected = `preparatory transaction ${failedEarlier.hash} reverted`;
  else if (judged.ok !== (plan.expected === null))
    record.unexpected =
      plan.expected === null
        ? `reverted (${judged.hash}) although the contract's rules allow it`
        : `succeeded (${judged.hash}) although it breaks "${plan.expected}"`;
  return record;
}
