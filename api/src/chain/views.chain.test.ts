import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startIndexer, type Indexer } from "../../../scripts/lib/indexer.ts";
import { startChain } from "../../../test/chain.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { CHAIN_VIEW_COLUMNS, CHAIN_VIEWS_SCHEMA } from "./views.ts";

/** Ponder's own bookkeeping view, which the API never reads. */
const PONDER_META = "_ponder_meta";

let chain: Awaited<ReturnType<typeof startChain>>;
let indexer: Indexer;
let client: pg.Client;

beforeAll(async () => {
  chain = await startChain();
  const databaseUrl = await createTestDatabase("views");
  indexer = await startIndexer({
    databaseUrl,
    rpcUrl: chain.anvil.rpcUrl,
    wsUrl: chain.anvil.wsUrl,
    deployment: chain.deployment,
  });
  client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await indexer?.stop();
  await chain?.anvil.stop();
});

it("types every view the indexer publishes with its columns, types and nullability", async () => {
  const { rows } = await client.query<{ view: string; column: string; type: string; nullable: boolean }>(
    `SELECT v.table_name AS view, v.column_name AS column, v.udt_name AS type, t.is_nullable = 'YES' AS nullable
     FROM information_schema.columns AS v
     JOIN information_schema.view_column_usage AS u
       ON u.view_schema = v.table_schema AND u.view_name = v.table_name AND u.column_name = v.column_name
     JOIN information_schema.columns AS t
       ON t.table_schema = u.table_schema AND t.table_name = u.table_name AND t.column_name = u.column_name
     WHERE v.table_schema = $1 AND v.table_name <> $2
     ORDER BY v.table_name, v.ordinal_position`,
    [CHAIN_VIEWS_SCHEMA, PONDER_META],
  );
  const published: Record<string, Record<string, { type: string; nullable: boolean }>> = {};
  for (const { view, column, type, nullable } of rows) (published[view] ??= {})[column] = { type, nullable };
  expect(published).toEqual(CHAIN_VIEW_COLUMNS);
});
