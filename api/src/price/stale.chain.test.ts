import { afterAll, beforeAll, expect, it } from "vitest";
import { startChain } from "../../../test/chain.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { API } from "../public-contract/index.ts";

/**
 * The dashboards against a feed whose latest round is older than PRICE_FEED_MAX_AGE_HOURS, and without a feed. The
 * chain needs no indexer here: the latest round is read from the feed itself.
 */
let chain: Awaited<ReturnType<typeof startChain>>;
let stale: TestAppWithSmtp;
let withoutFeed: TestAppWithSmtp;
const HOUR = 3600n;

beforeAll(async () => {
  chain = await startChain({ priceFeed: true });
  const { timestamp } = await chain.publicClient.getBlock();
  await chain.mined(chain.as("owner").priceFeed!.write.addRound([4_000_000n, timestamp - 25n * HOUR]));
  const rpcUrl = chain.anvil.rpcUrl;
  stale = await createTestAppWithSmtp({ rpcUrl, env: { PRICE_FEED_ADDRESS: chain.deployment.contracts.priceFeed! } });
  withoutFeed = await createTestAppWithSmtp({ rpcUrl });
});
afterAll(async () => {
  await stale?.close();
  await withoutFeed?.close();
  await chain?.anvil.stop();
});

const adminDashboard = async (t: TestAppWithSmtp) => {
  const token = await t.adminToken(await t.addAdmin());
  const response = await t.call("GET", API.dashboard.admin, { token });
  expect(response.status).toBe(200);
  return response.body;
};

it("flags a latest round older than the configured age as stale, never as current", async () => {
  const { usd } = await adminDashboard(stale);
  expect(usd.latestPrice).toMatchObject({ usdPerPli: "0.04", stale: true });
  expect(usd).toMatchObject({ unpaid: "0.00", staked: "0.00" });
});

it("carries no USD figure without PRICE_FEED_ADDRESS", async () => {
  expect((await adminDashboard(withoutFeed)).usd).toBeNull();
});
