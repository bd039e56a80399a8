import { startIndexer, waitForIndexedBlock } from "../../scripts/lib/indexer.ts";
import { startChain } from "../../test/chain.ts";
import { asRole } from "../../test/roles.ts";
import { startSafeChain } from "../../test/safe.ts";
import { createTestAppWithSmtp } from "./app-fixture.ts";

type Chain = Awaited<ReturnType<typeof startChain>>;

/**
 * An API on a fresh database next to anvil with the portal's contracts, and the Ponder indexer
 * writing `chain.*` into the API's database: for tests that send real transactions. When a part fails
 * to start, the parts already started are stopped.
 */
export async function startChainApp({
  chain: givenChain,
  databaseUrl,
  env = {},
  priceFeed,
}: {
  /** A chain already running: `stop()` then leaves it running (a second portal on the same chain). */
  chain?: Chain;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** A fresh chain with the mock price feed, configured for the API and the indexer. */
  priceFeed?: boolean;
} = {}) {
  const chain = givenChain ?? (await startChain({ priceFeed }));
  const started: (() => Promise<unknown>)[] = givenChain ? [] : [() => chain.anvil.stop()];
  try {
    const { pliToken, stakingRewards, pluginFarm, priceFeed: feed } = chain.deployment.contracts;
    const t = await createTestAppWithSmtp({
      rpcUrl: chain.anvil.rpcUrl,
      databaseUrl,
      env: {
        PLI_TOKEN_ADDRESS: pliToken,
        STAKING_ADDRESS: stakingRewards,
        FARM_ADDRESS: pluginFarm,
        ...(feed ? { PRICE_FEED_ADDRESS: feed } : {}),
        ...env,
      },
    });
    started.push(() => t.close());
    const indexer = await startIndexer({
      databaseUrl: asRole(t.config.DATABASE_URL, "indexer"),
      rpcUrl: chain.anvil.rpcUrl,
      wsUrl: chain.anvil.wsUrl,
      deployment: chain.deployment,
    });
    return {
      chain,
      t,
      /** The SMTP server the API's mailer sends to. */
      smtp: t.smtp,
      /** Resolves once `chain.*` reflects the chain's head. */
      synced: async () =>
        waitForIndexedBlock(t.config.DATABASE_URL, await chain.publicClient.getBlockNumber({ cacheTime: 0 })),
      async stop() {
        await indexer.stop();
        await t.close();
        if (!givenChain) await chain.anvil.stop();
      },
    };
  } catch (error) {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}

/**
 * startChainApp on a fresh chain whose contracts a 2-of-3 Safe owns, the portal in Safe mode (`SAFE_ADDRESS` and its
 * start block); `stop()` stops the chain too.
 */
export async function startSafeApp() {
  const chain = await startSafeChain({ handOver: true });
  try {
    const app = await startChainApp({
      chain,
      env: { SAFE_ADDRESS: chain.safe, SAFE_START_BLOCK: String(chain.deployment.safe!.startBlock) },
    });
    return {
      ...app,
      chain,
      async stop() {
        await app.stop();
        await chain.anvil.stop();
      },
    };
  } catch (error) {
    await chain.anvil.stop();
    throw error;
  }
}
