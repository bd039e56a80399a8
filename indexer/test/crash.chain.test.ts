import { getAddress, parseEventLogs, type Address, type Hex, type TransactionReceipt } from "viem";
import { afterAll, beforeAll, expect, it } from "vitest";
import { stakingRewardsAbi } from "@pli/abis";
import { getIndexedBlock } from "@pli/api/chain/views";
import { waitFor } from "../../scripts/lib/wait.ts";
import { chainFixture, pli, type ChainFixture } from "./fixture.ts";

const NODES: Address[] = [1, 2, 3, 4].map((i) => getAddress(`0x${"c".repeat(39)}${i}`));
const BURST = 48;

let f: ChainFixture;

beforeAll(async () => {
  f = await chainFixture();
  const owner = f.as("owner");
  for (const node of NODES) await f.mined(owner.staking.write.whiteListIt([f.as("validator").address, node]));
  await f.fund("validator", pli(1_000_000));
  await f.startIndexer();
});

afterAll(async () => {
  await f?.stop();
});

/** The stake_event rows the receipts imply, in chain order. */
function expectedStakeEvents(receipts: TransactionReceipt[]) {
  return receipts.flatMap((receipt) =>
    parseEventLogs({ abi: stakingRewardsAbi, logs: receipt.logs, eventName: ["Staked", "ToppedUp"] }).map((log) => ({
      kind: log.eventName === "Staked" ? "stake" : "topup",
      node: log.args.node.toLowerCase(),
      amount: log.args.amount.toString(),
      total_after: log.args.total.toString(),
      tx_hash: log.transactionHash,
      block_number: log.blockNumber,
      log_index: log.logIndex,
    })),
  );
}

it("loses and doubles nothing when killed mid-indexing and restarted", async () => {
  const validator = f.as("validator");
  const firstBlock = (await f.publicClient.getBlockNumber({ cacheTime: 0 })) + 1n;
  const hashes: Hex[] = [];
  const sending = (async () => {
    for (let i = 0; i < BURST; i++) {
      const node = NODES[i % NODES.length]!;
      const write =
        i < NODES.length
          ? validator.staking.write.stakeTokens([pli(50_000), node])
          : validator.staking.write.topupStake([pli(1_000), node]);
      hashes.push(await write);
    }
  })();

  await waitFor("the burst to be partly indexed", async () => ((await getIndexedBlock(f.db)) ?? 0) >= firstBlock + 2n, {
    intervalMs: 5,
  });
  await f.indexer.kill();
  const indexedAtKill = (await getIndexedBlock(f.db))!;
  await sending;
  const receipts = await Promise.all(hashes.map((hash) => f.mined(hash)));
  const lastBlock = receipts.at(-1)!.blockNumber;
  expect(indexedAtKill).toBeLessThan(Number(lastBlock));

  await f.startIndexer();
  await f.synced();

  const rows = await f.db
    .selectFrom("chain.stake_event")
    .select(["kind", "node", "amount", "total_after", "tx_hash", "block_number", "log_index"])
    .orderBy("block_number")
    .orderBy("log_index")
    .execute();
  expect(rows).toEqual(expectedStakeEvents(receipts));

  const positions = await f.db
    .selectFrom("chain.stake_position")
    .select(["node", "total_staked"])
    .orderBy("node")
    .execute();
  const onChain = await Promise.all(NODES.map((node) => validator.staking.read.positions([validator.address, node])));
  expect(positions).toEqual(
    NODES.map((node, i) => ({ node: node.toLowerCase(), total_staked: onChain[i]![0].toString() })),
  );
});
