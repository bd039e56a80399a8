import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, sql } from "@ponder/client";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@pli/api/db/database";
import { migrateDatabase, setUpDatabaseRoles } from "@pli/api/db/roles";
import { startIndexer, waitForIndexedBlock, type Indexer } from "../../scripts/lib/indexer.ts";
import { startPostgres, type Postgres } from "../../scripts/lib/postgres.ts";
import { startReplica, type Replica } from "../../scripts/lib/postgres-replica.ts";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { chainActor, startChain } from "../../test/chain.ts";
import { asRole, TEST_ROLE_PASSWORDS } from "../../test/roles.ts";
import * as schema from "../ponder.schema.ts";

const DATABASE = "pli";

let dir: string;
let primary: Postgres;
let replica: Replica;
let chain: Awaited<ReturnType<typeof startChain>>;
let indexer: Indexer;
let serve: Indexer;
let databaseUrl: string;

/**
 * The indexer on a server of its own (the run's shared server holds every test's database: a replica of it would copy
 * them all), a streaming replica of it, and `ponder serve` reading the replica, as compose's `indexer-replica` runs.
 */
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "pli-replica-serve-"));
  primary = await startPostgres({ dataDir: path.join(dir, "primary"), ephemeral: true });
  databaseUrl = await primary.createDatabase(DATABASE);
  await setUpDatabaseRoles(primary.url(), DATABASE, TEST_ROLE_PASSWORDS);
  const owner = createDb(asRole(databaseUrl, "owner"), 1);
  await migrateDatabase(owner);
  await owner.destroy();
  chain = await startChain();
  const indexed = { rpcUrl: chain.anvil.rpcUrl, wsUrl: chain.anvil.wsUrl, deployment: chain.deployment };
  indexer = await startIndexer({ ...indexed, databaseUrl: asRole(databaseUrl, "indexer") });
  replica = await startReplica(databaseUrl, { dataDir: path.join(dir, "replica"), slot: "analyst_replica" });
  await replica.caughtUp();
  serve = await startIndexer({ ...indexed, databaseUrl: asRole(replica.url(DATABASE), "indexer"), serveOnly: true });
}, 180_000);

afterAll(async () => {
  await serve?.stop();
  await indexer?.stop();
  await chain?.anvil.stop();
  await replica?.stop();
  await primary?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const NODES: Address[] = ["0x00000000000000000000000000000000000000a1", "0x00000000000000000000000000000000000000a2"];

describe("ponder serve on the analysts' replica", () => {
  it("answers /sql with what the replica holds now, a query asked again included, and GraphQL alike", async () => {
    const client = createClient(`${serve.url}/sql`, { schema });
    const whitelisted = async () =>
      Number((await client.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM whitelist`))[0]!.n);
    const graphqlCount = async () => {
      const response = await fetch(`${serve.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ whitelists { totalCount } }" }),
      });
      return ((await response.json()) as { data: { whitelists: { totalCount: number } } }).data.whitelists.totalCount;
    };
    const owner = chainActor(chain.anvil.rpcUrl, chain.deployment, DEV_KEYS.owner);
    const before = await whitelisted();
    for (const [i, node] of NODES.entries()) {
      await owner.whitelist(chain.as("validator").address, node);
      await waitForIndexedBlock(databaseUrl, await chain.publicClient.getBlockNumber({ cacheTime: 0 }));
      await replica.caughtUp();
      expect(await whitelisted()).toBe(before + i + 1);
      expect(await graphqlCount()).toBe(before + i + 1);
    }
    expect((await fetch(`${serve.url}/sql/db?sql=${encodeURIComponent("{")}`)).status).toBe(500);
  });
});
