import { readFileSync } from "node:fs";
import { encodeFunctionData, numberToHex, type TransactionReceipt } from "viem";
import { afterAll, beforeAll, expect, it } from "vitest";
import { stakingRewardsAbi } from "@pli/abis";
import { waitFor } from "../../scripts/lib/wait.ts";
import { chainFixture, NODE_A, NODE_B, pli, type ChainFixture } from "./fixture.ts";

let f: ChainFixture;

beforeAll(async () => {
  f = await chainFixture();
  const owner = f.as("owner");
  await f.mined(owner.staking.write.whiteListIt([f.as("validator").address, NODE_A]));
  await f.fund("validator", pli(500_000));
  await f.startIndexer();
});

afterAll(async () => {
  await f?.stop();
});

const eventsOf = (receipt: TransactionReceipt) =>
  f.db
    .selectFrom("chain.stake_event")
    .select(["kind", "amount"])
    .where("tx_hash", "=", receipt.transactionHash)
    .execute();

it("drops the rows of orphaned blocks after a shallow reorg and indexes the replacement", async () => {
  const validator = f.as("validator");
  const stake = await f.mined(validator.staking.write.stakeTokens([pli(50_000), NODE_A]));
  const orphanTopup = await f.mined(validator.staking.write.topupStake([pli(5_000), NODE_A]));
  const orphanWhitelist = await f.mined(f.as("owner").staking.write.whiteListIt([validator.address, NODE_B]));
  await f.synced();
  expect(await eventsOf(orphanTopup)).toEqual([{ kind: "topup", amount: pli(5_000).toString() }]);
  expect(await f.db.selectFrom("chain.whitelist").select("node").where("node", "=", NODE_B).execute()).toHaveLength(1);

  const replacement = {
    from: validator.address,
    to: f.deployment.contracts.stakingRewards,
    data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "topupStake", args: [pli(7_000), NODE_A] }),
    gas: numberToHex(300_000),
  };
  await f.testClient.request({ method: "anvil_reorg", params: [2, [[replacement, 0]]] } as never);

  const position = () =>
    f.db
      .selectFrom("chain.stake_position")
      .select(["total_staked", "last_stake_tx"])
      .where("node", "=", NODE_A)
      .executeTakeFirstOrThrow();
  await waitFor(
    "the replacement top-up to be indexed",
    async () => (await position()).total_staked === pli(57_000).toString(),
  );
  await f.synced();

  expect(await eventsOf(orphanTopup)).toEqual([]);
  expect(await f.db.selectFrom("chain.whitelist").select("node").where("node", "=", NODE_B).execute()).toEqual([]);
  const block = await f.publicClient.getBlock({ blockNumber: orphanTopup.blockNumber, includeTransactions: true });
  const replacementHash = block.transactions[0]!.hash;
  expect(await f.publicClient.getTransactionReceipt({ hash: replacementHash })).toMatchObject({ status: "success" });
  const history = await f.db
    .selectFrom("chain.stake_event")
    .select(["kind", "amount", "tx_hash"])
    .orderBy("block_number")
    .execute();
  expect(history).toEqual([
    { kind: "stake", amount: pli(50_000).toString(), tx_hash: stake.transactionHash },
    { kind: "topup", amount: pli(7_000).toString(), tx_hash: replacementHash },
  ]);
  expect(await position()).toEqual({ total_staked: pli(57_000).toString(), last_stake_tx: replacementHash });
  expect(orphanWhitelist.blockNumber).toBe(orphanTopup.blockNumber + 1n);
});

it("commits a block's reorg rows of every table in one database call (the Ponder patch in patches/)", async () => {
  const commits = async () => {
    const metrics = await (await fetch(`${f.indexer.url}/metrics`)).text();
    const count = /^ponder_database_method_duration_count\{method="commit_block"\} (\d+)$/m.exec(metrics);
    return Number(count?.[1] ?? 0);
  };
  await f.synced();
  const before = await commits();
  const blocks = 3;
  for (let topUp = 0; topUp < blocks; topUp++)
    await f.mined(f.as("validator").staking.write.topupStake([pli(1_000), NODE_A]));
  await f.synced();

  expect(await commits()).toBe(before + blocks);
});

/** The voluntary context switches of a process's main thread so far: each time it went to sleep waiting. */
const wakeups = (pid: number) =>
  Number(/^voluntary_ctxt_switches:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/task/${pid}/status`, "utf8"))![1]);

it("leaves an idle indexer's event loop asleep between its timers (the Ponder patch in patches/)", async () => {
  await f.synced();
  const pid = f.indexer.process.pid!;
  const before = wakeups(pid);
  const seconds = 2;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  expect((wakeups(pid) - before) / seconds).toBeLessThan(400);
});
