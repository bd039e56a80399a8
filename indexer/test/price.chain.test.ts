import { afterAll, beforeAll, expect, it } from "vitest";
import { chainFixture, NODE_A, NODE_B, pli, type ChainFixture } from "./fixture.ts";

const DATE = 20261101n;
let f: ChainFixture;

beforeAll(async () => {
  f = await chainFixture({ priceFeed: true });
  await f.startIndexer();
});
afterAll(() => f?.stop());

it("keeps, beside a payment and a stake, the price in force at their block, not a later one", async () => {
  const wallet = f.as("validator").address;
  const feed = f.as("owner").priceFeed!;
  const now = async () => (await f.publicClient.getBlock()).timestamp;
  await f.mined(feed.write.addRound([3_000_000n, (await now()) - 7200n]));
  const roundTime = await now();
  await f.mined(feed.write.addRound([4_125_000n, roundTime]));
  await f.mined(f.as("owner").staking.write.whiteListIt([wallet, NODE_A]));
  await f.fund("validator", pli(60_000));
  const stake = await f.mined(f.as("validator").staking.write.stakeTokens([pli(50_000), NODE_A]));
  await f.fund("owner", pli(1_000));
  await f.mined(f.as("owner").staking.write.depositReward([pli(1_000)]));
  const pay = await f.mined(f.as("owner").staking.write.payRewards([[wallet], [pli(100)], [DATE], [NODE_A]]));
  await f.mined(feed.write.addRound([9_999_000n, await now()]));
  await f.synced();

  const priceOf = (blockNumber: bigint) =>
    f.db
      .selectFrom("chain.feed_price")
      .select(["round_id", "answer", "decimals", "updated_at", "feed"])
      .where("block_number", "=", blockNumber)
      .executeTakeFirst();
  const expected = {
    round_id: "2",
    answer: "4125000",
    decimals: 8,
    updated_at: new Date(Number(roundTime) * 1000),
    feed: f.deployment.contracts.priceFeed!.toLowerCase(),
  };
  expect(await priceOf(pay.blockNumber)).toEqual(expected);
  expect(await priceOf(stake.blockNumber)).toEqual(expected);
  const payment = await f.db
    .selectFrom("chain.reward_payment")
    .innerJoin("chain.feed_price", "chain.feed_price.block_number", "chain.reward_payment.block_number")
    .select(["chain.reward_payment.amount", "chain.feed_price.answer"])
    .executeTakeFirstOrThrow();
  expect(payment).toEqual({ amount: pli(100).toString(), answer: "4125000" });
});

it("sends a stake's price reads before its block's transaction, once Ponder has seen them (its prefetch)", async () => {
  const wallet = f.as("validator").address;
  await f.mined(f.as("owner").staking.write.whiteListIt([wallet, NODE_B]));
  await f.fund("validator", pli(54_000));
  await f.mined(f.as("validator").staking.write.stakeTokens([pli(50_000), NODE_B]));
  // Ponder learns a handler's reads from its second event and predicts them from its third.
  for (let topUp = 0; topUp < 4; topUp++)
    await f.mined(f.as("validator").staking.write.topupStake([pli(1_000), NODE_B]));
  await f.synced();

  const metrics = await (await fetch(`${f.indexer.url}/metrics`)).text();
  const prefetched =
    /^ponder_indexing_rpc_requests_total\{[^}]*method="eth_call"[^}]*type="prefetch_rpc"[^}]*\} (\d+)/m;
  expect(Number(prefetched.exec(metrics)?.[1] ?? 0)).toBeGreaterThanOrEqual(4);
});

it("indexes a stake at a block where the feed has no code at once, without a price, and prices the next one", async () => {
  const feed = f.deployment.contracts.priceFeed!;
  const code = await f.publicClient.getCode({ address: feed });
  const wallet = f.as("validator").address;
  const node = "0x00000000000000000000000000000000000000c3";
  await f.mined(f.as("owner").staking.write.whiteListIt([wallet, node]));
  await f.fund("validator", pli(51_000));
  await f.testClient.setCode({ address: feed, bytecode: "0x" });
  const started = Date.now();
  const bare = await f.mined(f.as("validator").staking.write.stakeTokens([pli(50_000), node]));
  await f.synced();
  // Ponder retries an empty answer up to nine times with a doubling wait (about two minutes) unless told not to.
  expect(Date.now() - started).toBeLessThan(10_000);
  await f.testClient.setCode({ address: feed, bytecode: code! });
  const priced = await f.mined(f.as("validator").staking.write.topupStake([pli(1_000), node]));
  await f.synced();

  const prices = await f.db
    .selectFrom("chain.feed_price")
    .select("block_number")
    .where("block_number", "in", [bare.blockNumber, priced.blockNumber])
    .execute();
  expect(prices.map((row) => BigInt(row.block_number))).toEqual([priced.blockNumber]);
});
