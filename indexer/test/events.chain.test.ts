import { encodeAbiParameters, type TransactionReceipt } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAKE_STATUS } from "@pli/abis";
import { getIndexedBlock } from "@pli/api/chain/views";
import { chainFixture, NODE_A, NODE_B, pli, type ChainFixture } from "./fixture.ts";

const DATE_1 = 21_11_2026n;
const DATE_2 = 21_12_2026n;

let f: ChainFixture;
const tx: Record<string, TransactionReceipt> = {};
const snapshots: Record<string, unknown> = {};
const lower = (value: string) => value.toLowerCase();

beforeAll(async () => {
  f = await chainFixture();
  await f.startIndexer();
  const owner = f.as("owner");
  const validator = f.as("validator");
  const standby = f.as("standby");
  const wallet = validator.address;

  tx.operator = await f.mined(owner.staking.write.setOperator([standby.address, true]));
  await f.mined(owner.farm.write.setOperator([standby.address, true]));
  tx.farmOperatorOff = await f.mined(owner.farm.write.setOperator([standby.address, false]));
  tx.whitelistA = await f.mined(standby.staking.write.whiteListIt([wallet, NODE_A]));
  tx.whitelistB = await f.mined(owner.staking.write.whiteListIt([wallet, NODE_B]));
  tx.farmWhitelist = await f.mined(owner.farm.write.whiteListPLIFarmNode([wallet, NODE_A]));
  await f.fund("validator", pli(500_000));

  tx.stake = await f.mined(validator.staking.write.stakeTokens([pli(50_000), NODE_A]));
  tx.topup = await f.mined(validator.staking.write.topupStake([pli(5_000), NODE_A]));
  const positionA = async () => {
    await f.synced();
    return f.db.selectFrom("chain.stake_position").selectAll().where("node", "=", NODE_A).executeTakeFirst();
  };
  tx.unlock = await f.mined(owner.staking.write.unlock([wallet, NODE_A]));
  snapshots.unlocked = await positionA();
  tx.unstake = await f.mined(validator.staking.write.unstake([NODE_A]));
  snapshots.withdrawn = await positionA();
  tx.restake = await f.mined(validator.staking.write.stakeTokens([pli(70_000), NODE_A]));
  const nodeB = encodeAbiParameters([{ type: "address" }], [NODE_B]);
  tx.transferAndCall = await f.mined(
    validator.token.write.transferAndCall([f.deployment.contracts.stakingRewards, pli(50_000), nodeB]),
  );

  await f.fund("owner", pli(10_000));
  tx.deposit = await f.mined(owner.staking.write.depositReward([pli(10_000)]));
  tx.pay = await f.mined(
    owner.staking.write.payRewards([
      [wallet, wallet],
      [pli(100), pli(250)],
      [DATE_1, DATE_2],
      [NODE_A, NODE_B],
    ]),
  );
  await f.mined(owner.staking.write.setMaxStakeAmt([pli(2_000_000)]));
  tx.limits = await f.mined(owner.staking.write.setMinStakeAmt([pli(60_000)]));
  tx.caps = await f.mined(owner.farm.write.setStakingCaps([pli(1_000), pli(9_000)]));
  await f.synced();
});

afterAll(async () => {
  await f?.stop();
});

describe("the indexer, through chain.*", () => {
  it("keeps one position per (wallet, node); a restake after withdrawal is a fresh Stake", async () => {
    const rows = await f.db.selectFrom("chain.stake_position").selectAll().orderBy("node").execute();
    expect(rows).toHaveLength(2);
    const [a, b] = rows;
    expect(a).toMatchObject({
      wallet: lower(f.as("validator").address),
      node: NODE_A,
      status: STAKE_STATUS.stake,
      total_staked: pli(70_000).toString(),
      last_stake_tx: tx.restake!.transactionHash,
      unlock_tx: null,
      withdraw_tx: null,
      withdrawn_amount: null,
      updated_block: tx.restake!.blockNumber,
    });
    const restakeBlock = await f.publicClient.getBlock({ blockNumber: tx.restake!.blockNumber });
    expect(a!.first_staked_at.getTime()).toBe(Number(restakeBlock.timestamp) * 1000);
    expect(b).toMatchObject({ node: NODE_B, status: STAKE_STATUS.stake, total_staked: pli(50_000).toString() });
  });

  it("records every stake, top-up, unlock and unstake with its transaction and block", async () => {
    const rows = await f.db.selectFrom("chain.stake_event").selectAll().orderBy("block_number").execute();
    const summary = rows.map((row) => [row.kind, row.node, row.amount, row.total_after, row.tx_hash]);
    expect(summary).toEqual([
      ["stake", NODE_A, pli(50_000).toString(), pli(50_000).toString(), tx.stake!.transactionHash],
      ["topup", NODE_A, pli(5_000).toString(), pli(55_000).toString(), tx.topup!.transactionHash],
      ["unlock", NODE_A, pli(55_000).toString(), pli(55_000).toString(), tx.unlock!.transactionHash],
      ["unstake", NODE_A, pli(55_000).toString(), "0", tx.unstake!.transactionHash],
      ["stake", NODE_A, pli(70_000).toString(), pli(70_000).toString(), tx.restake!.transactionHash],
      ["stake", NODE_B, pli(50_000).toString(), pli(50_000).toString(), tx.transferAndCall!.transactionHash],
    ]);
    const unstakeLog = tx.unstake!.logs.find(
      (log) => lower(log.address) === lower(f.deployment.contracts.stakingRewards),
    )!;
    const block = await f.publicClient.getBlock({ blockNumber: tx.unstake!.blockNumber });
    expect(rows[3]).toMatchObject({ block_number: tx.unstake!.blockNumber, log_index: unstakeLog.logIndex });
    expect(rows[3]!.block_time.getTime()).toBe(Number(block.timestamp) * 1000);
  });

  it("marks a position Unlock, then Withdraw with the withdrawn amount", async () => {
    const [unlockBlock, unstakeBlock] = await Promise.all(
      [tx.unlock!, tx.unstake!].map((receipt) => f.publicClient.getBlock({ blockNumber: receipt.blockNumber })),
    );
    expect(snapshots.unlocked).toMatchObject({
      status: STAKE_STATUS.unlock,
      total_staked: pli(55_000).toString(),
      last_stake_tx: tx.topup!.transactionHash,
      unlock_tx: tx.unlock!.transactionHash,
      unlocked_at: new Date(Number(unlockBlock!.timestamp) * 1000),
      withdraw_tx: null,
    });
    expect(snapshots.withdrawn).toMatchObject({
      status: STAKE_STATUS.withdraw,
      total_staked: "0",
      withdrawn_amount: pli(55_000).toString(),
      unlock_tx: tx.unlock!.transactionHash,
      withdraw_tx: tx.unstake!.transactionHash,
      withdrawn_at: new Date(Number(unstakeBlock!.timestamp) * 1000),
    });
  });

  it("lists whitelistings of both contracts with who sent them", async () => {
    const rows = await f.db.selectFrom("chain.whitelist").selectAll().orderBy("contract").orderBy("node").execute();
    expect(rows.map((row) => [row.contract, row.node, row.whitelisted_by, row.tx_hash])).toEqual([
      ["StakingRewards", NODE_A, lower(f.as("standby").address), tx.whitelistA!.transactionHash],
      ["StakingRewards", NODE_B, lower(f.as("owner").address), tx.whitelistB!.transactionHash],
      ["PluginFarm", NODE_A, lower(f.as("owner").address), tx.farmWhitelist!.transactionHash],
    ]);
  });

  it("records reward deposits, payments per date key and the pool balance", async () => {
    const deposits = await f.db.selectFrom("chain.reward_deposit").selectAll().execute();
    expect(deposits).toMatchObject([
      { amount: pli(10_000).toString(), pool_after: pli(10_000).toString(), tx_hash: tx.deposit!.transactionHash },
    ]);
    const payments = await f.db.selectFrom("chain.reward_payment").selectAll().orderBy("date_key").execute();
    expect(payments.map((row) => [row.node, row.date_key, row.amount, row.tx_hash])).toEqual([
      [NODE_A, DATE_1.toString(), pli(100).toString(), tx.pay!.transactionHash],
      [NODE_B, DATE_2.toString(), pli(250).toString(), tx.pay!.transactionHash],
    ]);
    const pool = await f.db.selectFrom("chain.reward_pool").selectAll().executeTakeFirstOrThrow();
    expect(pool).toMatchObject({
      deposited: pli(10_000).toString(),
      paid: pli(350).toString(),
      balance: pli(9_650).toString(),
    });
    expect(BigInt(pool.balance)).toBe(await f.as("owner").staking.read.rewardPool());
  });

  it("keeps the current stake limits, farm caps and operators", async () => {
    const limits = await f.db.selectFrom("chain.stake_limits").selectAll().execute();
    expect(limits).toMatchObject([
      { min_stake: pli(60_000).toString(), max_stake: pli(2_000_000).toString(), tx_hash: tx.limits!.transactionHash },
    ]);
    const caps = await f.db.selectFrom("chain.farm_caps").selectAll().execute();
    expect(caps).toMatchObject([
      { min_cap: pli(1_000).toString(), max_cap: pli(9_000).toString(), tx_hash: tx.caps!.transactionHash },
    ]);
    const operators = await f.db.selectFrom("chain.operator").selectAll().orderBy("contract").execute();
    expect(operators.map((row) => [row.contract, row.operator, row.enabled, row.tx_hash])).toEqual([
      ["StakingRewards", lower(f.as("standby").address), true, tx.operator!.transactionHash],
      ["PluginFarm", lower(f.as("standby").address), false, tx.farmOperatorOff!.transactionHash],
    ]);
  });

  it("reports the indexed block through the views schema", async () => {
    const head = await f.publicClient.getBlockNumber({ cacheTime: 0 });
    expect(await getIndexedBlock(f.db)).toBe(Number(head));
  });
});
