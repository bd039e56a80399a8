import { ponder, type Context, type Event } from "ponder:registry";
import {
  rewardDeposit,
  rewardPayment,
  rewardPool,
  stakeEvent,
  stakeLimitChange,
  stakeLimits,
  stakePosition,
} from "ponder:schema";
import { STAKE_STATUS } from "@pli/abis";
import { recordOperatorChange, recordWhitelist } from "./access-events.ts";
import { blockTime } from "./block-time.ts";
import { keepPriceAt } from "./price.ts";

type StakeEventName = "Staked" | "ToppedUp" | "Unlocked" | "Unstaked";

async function recordStakeEvent(
  context: Context,
  event: Event<`StakingRewards:${StakeEventName}`>,
  row: { kind: "stake" | "topup" | "unlock" | "unstake"; amount: bigint; totalAfter: bigint },
) {
  await context.db.insert(stakeEvent).values({
    id: event.id,
    wallet: event.args.wallet,
    node: event.args.node,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    blockTime: blockTime(event),
    logIndex: event.log.logIndex,
    ...row,
  });
  await keepPriceAt(context, event.block.number);
}

ponder.on("StakingRewards:Whitelisted", ({ event, context }) => recordWhitelist(context, "StakingRewards", event));

ponder.on("StakingRewards:Staked", async ({ event, context }) => {
  const time = blockTime(event);
  const position = {
    status: STAKE_STATUS.stake,
    totalStaked: event.args.total,
    firstStakedAt: time,
    lastStakedAt: time,
    lastStakeTx: event.transaction.hash,
    unlockTx: null,
    unlockedAt: null,
    withdrawnAmount: null,
    withdrawTx: null,
    withdrawnAt: null,
    updatedBlock: event.block.number,
  };
  await context.db
    .insert(stakePosition)
    .values({ wallet: event.args.wallet, node: event.args.node, ...position })
    .onConflictDoUpdate(position);
  await recordStakeEvent(context, event, { kind: "stake", amount: event.args.amount, totalAfter: event.args.total });
});

ponder.on("StakingRewards:ToppedUp", async ({ event, context }) => {
  await context.db.update(stakePosition, { wallet: event.args.wallet, node: event.args.node }).set({
    totalStaked: event.args.total,
    lastStakedAt: blockTime(event),
    lastStakeTx: event.transaction.hash,
    updatedBlock: event.block.number,
  });
  await recordStakeEvent(context, event, { kind: "topup", amount: event.args.amount, totalAfter: event.args.total });
});

ponder.on("StakingRewards:Unlocked", async ({ event, context }) => {
  await context.db.update(stakePosition, { wallet: event.args.wallet, node: event.args.node }).set({
    status: STAKE_STATUS.unlock,
    totalStaked: event.args.total,
    unlockTx: event.transaction.hash,
    unlockedAt: blockTime(event),
    updatedBlock: event.block.number,
  });
  await recordStakeEvent(context, event, { kind: "unlock", amount: event.args.total, totalAfter: event.args.total });
});

ponder.on("StakingRewards:Unstaked", async ({ event, context }) => {
  await context.db.update(stakePosition, { wallet: event.args.wallet, node: event.args.node }).set({
    status: STAKE_STATUS.withdraw,
    totalStaked: 0n,
    withdrawnAmount: event.args.amount,
    withdrawTx: event.transaction.hash,
    withdrawnAt: blockTime(event),
    updatedBlock: event.block.number,
  });
  await recordStakeEvent(context, event, { kind: "unstake", amount: event.args.amount, totalAfter: 0n });
});

ponder.on("StakingRewards:RewardDeposited", async ({ event, context }) => {
  await context.db.insert(rewardDeposit).values({
    id: event.id,
    depositor: event.args.from,
    amount: event.args.amount,
    poolAfter: event.args.pool,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    blockTime: blockTime(event),
  });
  const touched = { blockNumber: event.block.number, updatedAt: blockTime(event) };
  await context.db
    .insert(rewardPool)
    .values({
      contractAddress: event.log.address,
      deposited: event.args.amount,
      paid: 0n,
      balance: event.args.amount,
      ...touched,
    })
    .onConflictDoUpdate((row) => ({
      deposited: row.deposited + event.args.amount,
      balance: row.balance + event.args.amount,
      ...touched,
    }));
});

ponder.on("StakingRewards:RewardPaid", async ({ event, context }) => {
  await context.db.insert(rewardPayment).values({
    wallet: event.args.wallet,
    node: event.args.node,
    dateKey: event.args.date,
    amount: event.args.amount,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    blockTime: blockTime(event),
    logIndex: event.log.logIndex,
  });
  await keepPriceAt(context, event.block.number);
  await context.db.update(rewardPool, { contractAddress: event.log.address }).set((row) => ({
    paid: row.paid + event.args.amount,
    balance: row.balance - event.args.amount,
    blockNumber: event.block.number,
    updatedAt: blockTime(event),
  }));
});

ponder.on("StakingRewards:StakeLimitsChanged", async ({ event, context }) => {
  const limits = {
    minStake: event.args.minStakeAmt,
    maxStake: event.args.maxStakeAmt,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    changedAt: blockTime(event),
  };
  await context.db
    .insert(stakeLimits)
    .values({ contractAddress: event.log.address, ...limits })
    .onConflictDoUpdate(limits);
  await context.db.insert(stakeLimitChange).values({
    id: event.id,
    minStake: event.args.minStakeAmt,
    maxStake: event.args.maxStakeAmt,
    sender: event.transaction.from,
    atDeployment: event.transaction.to === null,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    blockTime: blockTime(event),
    logIndex: event.log.logIndex,
  });
});

ponder.on("StakingRewards:OperatorChanged", ({ event, context }) =>
  recordOperatorChange(context, "StakingRewards", event),
);
