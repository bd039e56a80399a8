/**
 * The indexer's entry point in its container (Dockerfile target `indexer`): `ponder start` on the schema
 * named by indexerSchemaName for this code and chain (an unchanged image resumes its schema, a changed
 * one backfills a new schema while `chain.*` still serves the old), with the views schema the API reads.
 * Ponder listens on all interfaces at PORT (default 42069). SIGTERM (`docker stop`) and SIGINT reach Ponder as
 * PONDER_STOP_SIGNAL, so a stop releases Ponder's schema lock; the exit code is Ponder's.
 * With `--serve` (compose's `indexer-replica`, on the analysts' replica) it runs `ponder serve` on that schema
 * instead: `/sql` and `/graphql` over what the indexer wrote, read from a hot standby, without indexing anything.
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { parseIndexerEnv, type IndexerEnv } from "../indexer/env.ts";
import {
  indexedChainOf,
  indexerSchemaName,
  PONDER_NODE_ARGS,
  PONDER_STOP_SIGNAL,
  probeIndexedChain,
  ROOT,
  VIEWS_SCHEMA,
} from "./lib/indexer.ts";

function readEnv(): IndexerEnv {
  try {
    return parseIndexerEnv(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}

const env = readEnv();
const indexed = indexedChainOf(env);
try {
  console.log(await probeIndexedChain(env.RPC_URL, indexed));
} catch (error) {
  console.error(`The indexer was not started: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const schema = indexerSchemaName(indexed);
const serveOnly = process.argv.includes("--serve");
console.log(serveOnly ? `Serving the schema ${schema}` : `Indexing into schema ${schema}, views in ${VIEWS_SCHEMA}`);
// On a standby Ponder retries the LISTEN of its live queries every 250 ms and warns at each refusal: errors only.
const command = serveOnly
  ? ["--log-level", "error", "serve", "--schema", schema]
  : ["start", "--schema", schema, "--views-schema", VIEWS_SCHEMA];
const ponder = spawn(process.execPath, [...PONDER_NODE_ARGS, "--root", "indexer", ...command], {
  cwd: ROOT,
  stdio: "inherit",
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => ponder.kill(PONDER_STOP_SIGNAL));
ponder.once("exit", (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
