import { parseEther } from "viem";
import { test } from "vitest";
import { startIndexer, waitForIndexedBlock } from "../../scripts/lib/indexer.ts";
import { pli, startChain } from "../../test/chain.ts";
import { asRole } from "../../test/roles.ts";
import { startSafeChain } from "../../test/safe.ts";
import { createTestAppWithSmtp } from "./app-fixture.ts";
import { newOperator } from "./nodes.ts";

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
    let nodes = 0;
    return {
      chain,
      t,
      /** A node number (nodeBody's addresses and IP) no test on this app had yet. */
      nodeNumber: () => ++nodes,
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

export type ChainApp = Awaited<ReturnType<typeof startChainApp>>;

/**
 * How long the shared chain app waits for its next file before it stops. An idle one costs about 0.012 CPU-seconds a
 * second (Ponder's rounds, the pools), a new one about 3.4 (Ponder 2.4; anvil, the deployment and the database 1): a
 * worker's next file that uses it mostly comes within a minute, while its last one would otherwise keep it until the
 * worker ends, minutes later.
 */
const SHARED_APP_IDLE_MS = 60_000;

/** One startChainApp taken by file after file, stopped once no file took it for SHARED_APP_IDLE_MS or on `stop()`. */
class SharedChainApp {
  private app: Promise<ChainApp> | undefined;
  private idle: NodeJS.Timeout | undefined;
  /** The last stop, awaited before a new start: a stop's failure reaches the next file or the worker's teardown. */
  private stopped: Promise<void> = Promise.resolve();

  take(): Promise<ChainApp> {
    clearTimeout(this.idle);
    const app = (this.app ??= this.stopped.then(() => startChainApp()));
    app.catch(() => {
      if (this.app === app) this.app = undefined;
    });
    return app;
  }

  release() {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.stop().catch(() => undefined), SHARED_APP_IDLE_MS);
  }

  stop(): Promise<void> {
    clearTimeout(this.idle);
    const app = this.app;
    this.app = undefined;
    if (app)
      this.stopped = this.stopped.then(() =>
        app.then(
          (running) => running.stop(),
          () => undefined,
        ),
      );
    return this.stopped;
  }
}

/**
 * Vitest's `test` with `chainApp`: a startChainApp shared by the files of a Vitest worker that use it, one after
 * another (the API project's files share a worker's modules and run in turn in it): started by the first, taken over
 * by the next, stopped once idle (SHARED_APP_IDLE_MS) or when the worker ends. A file on it works only with records of
 * its own (freshOperator, `nodeNumber()`), asserts only on those, and leaves what every file reads as it found it: the
 * chain's stake limits and clock, the settings.
 */
export const chainAppTest = test
  .extend(
    "sharedChainApp",
    { scope: "worker" },
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern.
    async ({}, { onCleanup }) => {
      const shared = new SharedChainApp();
      onCleanup(() => shared.stop());
      return shared;
    },
  )
  .extend("chainApp", { scope: "file" }, async ({ sharedChainApp }, { onCleanup }) => {
    const app = await sharedChainApp.take();
    onCleanup(() => sharedChainApp.release());
    return app;
  });

/**
 * A new operator (a fresh wallet with a full session, as newOperator) whose wallet holds gas and `amount` PLI approved
 * for staking: what the dev validator and standby wallets are to a file with a chain of its own.
 */
export async function freshOperator(app: ChainApp, amount = pli(1_000_000)) {
  const operator = await newOperator(app.t);
  await app.chain.testClient.setBalance({ address: operator.address, value: parseEther("100") });
  await app.chain.fund(operator.key, amount);
  return operator;
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
