import type { Address } from "viem";
import { createDb, type Db } from "@pli/api/db/database";
import { startIndexer, waitForIndexedBlock, type Indexer } from "../../scripts/lib/indexer.ts";
import { startChain } from "../../test/chain.ts";
import { createTestDatabase } from "../../test/database.ts";
import { startSafeChain } from "../../test/safe.ts";
import { asRole } from "../../test/roles.ts";

export { pli } from "../../test/chain.ts";

export const NODE_A: Address = "0x00000000000000000000000000000000000000a1";
export const NODE_B: Address = "0x00000000000000000000000000000000000000b2";

/**
 * A fresh anvil chain with the contracts deployed, its own database, and typed contract handles per dev account;
 * with `priceFeed`, also the mock PLI/USD feed, configured for the indexer. `db` and `databaseUrl` are the server's
 * superuser's, for a test's arrangements and checks; the indexer signs in as its own role, as it does in production,
 * so the views it publishes are that role's and carry its default privileges (the analysts' SELECT).
 */
export async function chainFixture(options: { priceFeed?: boolean } = {}) {
  return withIndexer(await startChain(options));
}

/** chainFixture on a chain with the demo 2-of-3 Safe owning the contracts, the indexer following the Safe. */
export async function safeChainFixture() {
  return withIndexer(await startSafeChain({ handOver: true }));
}

async function withIndexer<Chain extends Awaited<ReturnType<typeof startChain>>>(chain: Chain) {
  const { anvil, deployment, publicClient } = chain;
  const databaseUrl = await createTestDatabase("indexer");
  const db: Db = createDb(databaseUrl, 2);

  let indexer: Indexer | undefined;
  return {
    ...chain,
    databaseUrl,
    db,
    get indexer() {
      if (!indexer) throw new Error("the indexer is not running");
      return indexer;
    },
    async startIndexer() {
      indexer = await startIndexer({
        databaseUrl: asRole(databaseUrl, "indexer"),
        rpcUrl: anvil.rpcUrl,
        wsUrl: anvil.wsUrl,
        deployment,
      });
      return indexer;
    },
    /** Resolves once `chain.*` reflects the chain's current head. */
    async synced() {
      await waitForIndexedBlock(databaseUrl, await publicClient.getBlockNumber({ cacheTime: 0 }));
    },
    async stop() {
      await indexer?.stop();
      await db.destroy();
      await anvil.stop();
    },
  };
}

export type ChainFixture = Awaited<ReturnType<typeof chainFixture>>;
export type SafeChainFixture = Awaited<ReturnType<typeof safeChainFixture>>;
