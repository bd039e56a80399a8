import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { createPublicClient, http } from "viem";
import { ChainProbeError, describeProbe, probeChain, type Deployment } from "@pli/abis";
import { CHAIN_VIEWS_SCHEMA, getIndexedBlock } from "@pli/api/chain/views";
import type { IndexerEnv } from "../../indexer/env.ts";
import { ANVIL_CHAIN_ID } from "./dev-accounts.ts";
import { freePort } from "./ports.ts";
import { waitFor } from "./wait.ts";

/**
 * The repository's root, two folders above this file: also from the compiled indexer start
 * (indexer/dist/start.js), which bundles this module.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Ponder's command-line entry point. */
export const PONDER_BIN = path.join(ROOT, "node_modules/ponder/dist/esm/bin/ponder.js");
/** Node's arguments that run Ponder's command line, with indexer/compile-cache.ts and native-deps.ts preloaded. */
export const PONDER_NODE_ARGS = [
  ...["compile-cache.ts", "package-type-cache.ts", "native-deps.ts"].flatMap((file) => [
    "--import",
    path.join(ROOT, "indexer", file),
  ]),
  PONDER_BIN,
];
/**
 * The signal that stops Ponder cleanly. Not SIGTERM: Ponder's build runs a Vite dev server, and Vite answers SIGTERM
 * by closing itself and calling process.exit() at once, which ends the process while Ponder's own shutdown is still
 * releasing its schema lock (`_ponder_meta.is_locked` stays 1, and the next start waits ~25 s for the heartbeat to
 * expire and runs crash recovery). Vite leaves SIGINT alone, so Ponder's shutdown runs to its end.
 */
export const PONDER_STOP_SIGNAL = "SIGINT" satisfies NodeJS.Signals;
/** The schema readers use; Ponder points its views at the newest ready indexer schema. */
export const VIEWS_SCHEMA = CHAIN_VIEWS_SCHEMA;

export type IndexedChain = Pick<Deployment, "chainId" | "startBlock" | "contracts" | "safe">;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The Postgres schema the indexer writes to: `ponder_` + 12 hex of a hash over the indexing code,
 * its config, the ABIs, Ponder's version and the chain and contracts. Unchanged code on the same
 * chain resumes its schema; any change backfills a fresh one (Ponder refuses to reuse a schema).
 */
export function indexerSchemaName(chain: IndexedChain): string {
  const files = [
    "ponder.config.ts",
    "indexer/ponder.config.ts",
    "indexer/ponder.schema.ts",
    "indexer/env.ts",
    "abis/src/generated/StakingRewards.ts",
    "abis/src/generated/PluginFarm.ts",
    "abis/src/generated/SafeL2.ts",
    "abis/src/price-feed.ts",
    "abis/src/chain-transport.ts",
    "node_modules/ponder/package.json",
    ...filesUnder(path.join(ROOT, "indexer/src")).map((file) => path.relative(ROOT, file)),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(ROOT, file)))
      .update("\0");
  const { pliToken, stakingRewards, pluginFarm, priceFeed } = chain.contracts;
  hash.update(
    [
      chain.chainId,
      chain.startBlock,
      pliToken,
      stakingRewards,
      pluginFarm,
      priceFeed ?? "",
      ...(chain.safe ? [chain.safe.address, chain.safe.startBlock] : []),
    ]
      .join(":")
      .toLowerCase(),
  );
  return `ponder_${hash.digest("hex").slice(0, 12)}`;
}

export interface IndexerOptions {
  databaseUrl: string;
  rpcUrl: string;
  /** Realtime over the chain's websocket: each new block at once instead of 1 s HTTP polling. */
  wsUrl?: string;
  deployment: IndexedChain;
  port?: number;
  /** Receives every line Ponder prints. */
  log?: (line: string) => void;
  /** Also appends Ponder's output to this file. */
  logFile?: string;
  readyTimeoutMs?: number;
  /**
   * Where the start reads the head and mines its block, when not `rpcUrl`: the chain itself, while the indexer is
   * given a faulty proxy of it.
   */
  controlRpcUrl?: string;
  /**
   * `ponder serve`: only the read API (`/sql`, `/graphql`) over the schema another indexer writes, e.g. on the
   * analysts' replica; nothing is indexed, and it is ready once Ponder's `/ready` answers.
   */
  serveOnly?: boolean;
}

export interface Indexer {
  schema: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** Resolves with the exit code (or signal) once Ponder has exited. */
  exited: Promise<number | string>;
  /** PONDER_STOP_SIGNAL, then waits for exit (SIGKILL after 15 s). Ponder releases its schema lock. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash would: the schema stays locked until its heartbeat expires (~25 s). */
  kill(): Promise<void>;
}

/** The environment the root ponder.config.ts reads. */
export function indexerEnv(options: Pick<IndexerOptions, "databaseUrl" | "rpcUrl" | "wsUrl" | "deployment">) {
  const { deployment } = options;
  return {
    DATABASE_URL: options.databaseUrl,
    RPC_URL: options.rpcUrl,
    WS_URL: options.wsUrl,
    CHAIN_ID: String(deployment.chainId),
    PLI_TOKEN_ADDRESS: deployment.contracts.pliToken,
    STAKING_ADDRESS: deployment.contracts.stakingRewards,
    FARM_ADDRESS: deployment.contracts.pluginFarm,
    PRICE_FEED_ADDRESS: deployment.contracts.priceFeed,
    START_BLOCK: String(deployment.startBlock),
    SAFE_ADDRESS: deployment.safe?.address,
    SAFE_START_BLOCK: deployment.safe ? String(deployment.safe.startBlock) : undefined,
  };
}

/**
 * What an indexer's environment (parseIndexerEnv) says it indexes: the inverse of indexerEnv, so that the container's
 * entry point names its schema (indexerSchemaName) after everything Ponder's config reads, the Safe and the price feed
 * included, as `npm start` and the tests do. A schema named without them was resumed by a config that had gained a Safe,
 * which Ponder refuses ("previously used by a different Ponder app"), and a changed price feed resumed the old feed's
 * rounds.
 */
export function indexedChainOf(env: IndexerEnv): IndexedChain {
  return {
    chainId: env.CHAIN_ID,
    startBlock: env.START_BLOCK,
    contracts: {
      pliToken: env.PLI_TOKEN_ADDRESS,
      stakingRewards: env.STAKING_ADDRESS,
      pluginFarm: env.FARM_ADDRESS,
      ...(env.PRICE_FEED_ADDRESS ? { priceFeed: env.PRICE_FEED_ADDRESS } : {}),
    },
    ...(env.SAFE_ADDRESS !== undefined && env.SAFE_START_BLOCK !== undefined
      ? { safe: { address: env.SAFE_ADDRESS, startBlock: env.SAFE_START_BLOCK } }
      : {}),
  };
}

/**
 * The indexer's probe of its chain's endpoint before Ponder starts: a line saying what it found, or what kept it from
 * finding out (Ponder then starts anyway and retries the endpoint itself). Throws a ChainProbeError, naming the
 * variable, when the endpoint serves another chain or no contract at a configured address.
 */
export async function probeIndexedChain(rpcUrl: string, chain: IndexedChain): Promise<string> {
  const { pliToken, stakingRewards, pluginFarm, priceFeed } = chain.contracts;
  try {
    const probe = await probeChain(rpcUrl, {
      chainId: chain.chainId,
      contracts: {
        PLI_TOKEN_ADDRESS: pliToken,
        STAKING_ADDRESS: stakingRewards,
        FARM_ADDRESS: pluginFarm,
        PRICE_FEED_ADDRESS: priceFeed,
      },
    });
    return `chain endpoint: ${describeProbe(probe)}`;
  } catch (error) {
    if (error instanceof ChainProbeError) throw error;
    return `chain endpoint: not reachable at start (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
  }
}

async function isReady(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/ready`)).status === 200;
  } catch {
    return false;
  }
}

/** How often a local anvil is given another empty block while the head at start is not indexed yet. */
const NUDGE_EVERY_MS = 2_000;

/**
 * Ponder backfills up to the finalized block (head - 30) and, on a websocket, indexes the blocks after
 * it only once the next block arrives. A local anvil (its own chain id, or any chain given with a control URL, as the
 * XDC stand-in on chain 51 is) mines only on transactions, so mine an empty
 * block there, and another every NUDGE_EVERY_MS until the head at start is indexed: Ponder answers
 * /ready a moment before its subscription to new blocks is made, and a block mined in between is never
 * heard (nor is one whose mining failed).
 */
async function catchUp({ databaseUrl, rpcUrl, controlRpcUrl, deployment, readyTimeoutMs }: IndexerOptions) {
  const client = createPublicClient({ transport: http(controlRpcUrl ?? rpcUrl) });
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const indexed = await withChainDb(databaseUrl, getIndexedBlock);
  const nudge =
    (deployment.chainId === ANVIL_CHAIN_ID || controlRpcUrl !== undefined) && (indexed ?? -1) < head
      ? () => client.request({ method: "evm_mine" } as never)
      : undefined;
  await waitForIndexedBlock(databaseUrl, head, { timeoutMs: readyTimeoutMs ?? 120_000, nudge });
}

/**
 * Runs `ponder start` for the deployment (Node >= 22, i.e. under the repo's npm scripts) and resolves
 * once its `/ready` endpoint answers 200 (backfill done, the `chain` views point at its schema) and
 * the chain head at that moment is indexed.
 */
export async function startIndexer(options: IndexerOptions): Promise<Indexer> {
  const probed = await probeIndexedChain(options.rpcUrl, options.deployment).catch((error: unknown) => {
    throw error instanceof ChainProbeError ? new Error(`The indexer was not started: ${error.message}`) : error;
  });
  const schema = indexerSchemaName(options.deployment);
  const port = await freePort(options.port);
  const env: NodeJS.ProcessEnv = { ...process.env, ...indexerEnv(options) };
  for (const key of ["PORT", "DATABASE_SCHEMA", "DATABASE_VIEWS_SCHEMA", "DATABASE_PRIVATE_URL"]) delete env[key];
  if (!options.wsUrl) delete env.WS_URL;
  const command = options.serveOnly
    ? ["serve", "--schema", schema]
    : ["start", "--schema", schema, "--views-schema", VIEWS_SCHEMA];
  const args = [...PONDER_NODE_ARGS, "--root", "indexer", ...command];
  const child = spawn(process.execPath, [...args, "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const file = options.logFile ? createWriteStream(options.logFile, { flags: "a" }) : undefined;
  file?.write(`${probed}\n`);
  options.log?.(probed);
  const recent: string[] = [];
  const onOutput = (chunk: Buffer) => {
    file?.write(chunk);
    for (const line of chunk.toString().split("\n").filter(Boolean)) {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      options.log?.(line);
    }
  };
  child.stdout.on("data", onOutput);
  child.stderr.on("data", onOutput);
  let done = false;
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      done = true;
      file?.end();
      resolve(code ?? signal ?? "unknown");
    }),
  );
  const signal = async (name: NodeJS.Signals) => {
    if (done || !child.pid) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      return;
    }
    await exited;
  };
  const kill = () => signal("SIGKILL");
  const stop = async () => {
    const timer = setTimeout(() => void kill(), 15_000);
    await signal(PONDER_STOP_SIGNAL);
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (!(await isReady(url))) {
    const problem = done ? "exited before it was ready" : Date.now() > deadline ? "was not ready in time" : undefined;
    if (problem) {
      await kill();
      throw new Error(`The indexer ${problem}. Its last lines:\n${recent.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    if (!options.serveOnly) await catchUp(options);
  } catch (error) {
    await kill();
    throw new Error(`${(error as Error).message}. The indexer's last lines:\n${recent.join("\n")}`, { cause: error });
  }
  return { schema, port, url, process: child, exited, stop, kill };
}

async function withChainDb<T>(databaseUrl: string, use: (db: Kysely<object>) => Promise<T>): Promise<T> {
  const db = new Kysely<object>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
  });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Waits until `chain.*` reflects `blockNumber` (Ponder commits rows and checkpoint together); with `nudge`, calls it
 * at once and again every NUDGE_EVERY_MS while waiting (a failed nudge is tried again then).
 */
export function waitForIndexedBlock(
  databaseUrl: string,
  blockNumber: bigint | number,
  { timeoutMs = 30_000, nudge }: { timeoutMs?: number; nudge?: () => Promise<unknown> } = {},
) {
  let nudged = -Infinity;
  return withChainDb(databaseUrl, (db) =>
    waitFor(
      `block ${blockNumber} to be indexed`,
      async () => {
        if (((await getIndexedBlock(db)) ?? -1) >= Number(blockNumber)) return true;
        if (nudge && performance.now() - nudged >= NUDGE_EVERY_MS) {
          nudged = performance.now();
          await nudge().catch(() => undefined);
        }
        return false;
      },
      { timeoutMs, intervalMs: 20 },
    ),
  );
}
