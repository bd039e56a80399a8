import { STAKE_STATUS, type StakeStatus } from "@pli/api/public-contract";
import { stakingRewardsAbi } from "@pli/abis";
import type { Actors } from "./actors.ts";
import type { IncentiveRow } from "./bench.ts";
import type { HarnessChain } from "./chain.ts";
import type { ChainFacts, StakeEventFact } from "./compare.ts";
import { CHAIN_STATUS, rewardKey } from "./rules.ts";

/** Reads at most this many view calls at once (each batch is one JSON-RPC request). */
const READ_CHUNK = 400;

async function inChunks<T, R>(items: T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += READ_CHUNK)
    results.push(...(await Promise.all(items.slice(i, i + READ_CHUNK).map(read))));
  return results;
}

const STAKE_EVENTS = { Staked: "stake", ToppedUp: "topup", Unlocked: "unlock", Unstaked: "unstake" } as const;

/**
 * The contracts' word at `block`: positions(wallet, node) of every operator's node and of every pair
 * the chain has a Staked event for, rewardPool(), isRewardPaid of every incentive row's key, and the
 * stake and RewardPaid events of the canonical chain (what a portal should list). A position the
 * contract holds nothing for is Withdraw when the chain has staked it, and absent when it never has.
 */
export async function readChainFacts(
  chain: HarnessChain,
  actors: Actors,
  rows: IncentiveRow[],
  reverted: string[],
  block: bigint,
): Promise<ChainFacts> {
  const logs = await chain.publicClient.getContractEvents({
    address: chain.deployment.contracts.stakingRewards,
    abi: stakingRewardsAbi,
    fromBlock: BigInt(chain.deployment.startBlock),
    toBlock: block,
  });
  const events: StakeEventFact[] = [];
  const payments: ChainFacts["payments"] = [];
  for (const log of logs) {
    if (log.eventName === "Staked" || log.eventName === "ToppedUp") {
      events.push({
        kind: STAKE_EVENTS[log.eventName],
        wallet: log.args.wallet!,
        node: log.args.node!,
        amount: log.args.amount!,
        totalAfter: log.args.total!,
        txHash: log.transactionHash,
      });
    } else if (log.eventName === "Unlocked") {
      events.push({
        kind: "unlock",
        wallet: log.args.wallet!,
        node: log.args.node!,
        amount: log.args.total!,
        totalAfter: log.args.total!,
        txHash: log.transactionHash,
      });
    } else if (log.eventName === "Unstaked") {
      events.push({
        kind: "unstake",
        wallet: log.args.wallet!,
        node: log.args.node!,
        amount: log.args.amount!,
        totalAfter: 0n,
        txHash: log.transactionHash,
      });
    } else if (log.eventName === "RewardPaid") {
      payments.push({
        wallet: log.args.wallet!,
        node: log.args.node!,
        dateKey: log.args.date!,
        amount: log.args.amount!,
        txHash: log.transactionHash,
      });
    }
  }

  const staked = new Set(
    events.filter((e) => e.kind === "stake").map((e) => `${e.wallet.toLowerCase()}/${e.node.toLowerCase()}`),
  );
  const pairs = new Map<string, { wallet: `0x${string}`; node: `0x${string}` }>();
  for (const operator of actors.operators)
    for (const node of operator.nodes)
      pairs.set(`${operator.address.toLowerCase()}/${node.toLowerCase()}`, { wallet: operator.address, node });
  for (const e of events)
    pairs.set(`${e.wallet.toLowerCase()}/${e.node.toLowerCase()}`, {
      wallet: e.wallet as `0x${string}`,
      node: e.node as `0x${string}`,
    });
  const positions = await inChunks([...pairs.entries()], async ([key, { wallet, node }]) => {
    const { amount, status } = await chain.position(wallet, node, block);
    const portal: StakeStatus | null =
      status === CHAIN_STATUS.staked
        ? STAKE_STATUS.stake
        : status === CHAIN_STATUS.unlocked
          ? STAKE_STATUS.unlock
          : staked.has(key)
            ? STAKE_STATUS.withdraw
            : null;
    return { wallet: wallet.toLowerCase(), node: node.toLowerCase(), status: portal, total: amount };
  });

  const paid = await inChunks(rows, async (row) =>
    (await chain.isRewardPaid(row.wallet, row.node, row.dateKey, block))
      ? rewardKey({ wallet: row.wallet, node: row.node, date: row.dateKey })
      : null,
  );
  return {
    positions,
    events,
    rewardPool: await chain.rewardPool(block),
    payments,
    paidKeys: new Set(paid.filter((key): key is string => key !== null)),
    reverted,
  };
}
