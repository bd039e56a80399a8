import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Deployment } from "@pli/abis";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database, Db } from "@pli/api/db/database";
import { migrateToLatest } from "@pli/api/db/migrate";
import { ensureDefaultSettings } from "@pli/api/setting";
import { deployContracts } from "../../../contracts/scripts/deploy.ts";
import { startAnvil, type Anvil } from "../anvil.ts";
import { startApi } from "../api.ts";
import { DEV_KEYS } from "../dev-accounts.ts";
import { startFaultyRpc, type FaultyRpc, type RpcFaults } from "../faulty-rpc.ts";
import { startXdcRpc, XDC_LOG_RANGE, xdcAnvilOptions, type XdcFeeMode, type XdcRpc } from "../xdc-rpc.ts";
import { startIndexer, waitForIndexedBlock, type Indexer } from "../indexer.ts";
import { startPostgres, type Postgres } from "../postgres.ts";
import { deployOperatorSafe } from "./safe.ts";

/** How often, and how far apart, a crashed indexer's restart is tried: longer together than a run's RPC refusal. */
const INDEXER_RESTART_ATTEMPTS = 30;
const INDEXER_RESTART_PAUSE_MS = 5_000;

/** The indexer of a stand: SIGKILLed as a crash would, restarted on the same schema. */
export interface IndexerControl {
  /** Whether a process is up and past its start (a restart may still be waiting for the dead one's schema lock). */
  readonly up: boolean;
  /** SIGKILL, then a restart in the background (waits for an earlier restart to finish first). */
  crash(): Promise<void>;
  /** Resolves once the indexer is up (rejects when its restart failed). */
  ready(): Promise<void>;
  /** Resolves once `chain.*` reflects `block`. */
  indexed(block: bigint, timeoutMs: number): Promise<void>;
}

export interface Stand {
  dir: string;
  logDir: string;
  rpcUrl: string;
  wsUrl: string;
  databaseUrl: string;
  deployment: Deployment;
  apiUrl: string;
  /** The API's development outbox (admin sign-in codes). */
  outboxDir: string;
  db: Db;
  indexer: IndexerControl;
  /** The proxy the indexer and the API reach the chain through, with `--faulty-rpc` or `--xdc`. */
  faultyRpc: FaultyRpc | null;
  /** The same proxy as an XDC node, with `--xdc`. */
  xdc: XdcRpc | null;
  /** Stops every process; removes the data unless `keep`. */
  stop(keep: boolean): Promise<void>;
}

/**
 * What a public endpoint does on a bad day: a tenth of the requests fail, each takes 300 ms more, and `eth_getLogs`
 * ranges are capped (the run adds a stretch of refused connections). Public XDC endpoints cap at a few thousand
 * blocks; a stand's chain is a few hundred long, so the cap is 5 blocks for a restarted indexer's backfill to meet it.
 */
export const PUBLIC_ENDPOINT_FAULTS: Partial<RpcFaults> = { failRate: 0.1, latencyMs: 300, getLogsRange: 5 };

/**
 * Empty blocks mined before a faulty run's indexer starts: it backfills up to the block 30 below the head (anvil's
 * finality for Ponder), so with these its first backfill spans more than the `eth_getLogs` cap and must be split.
 */
const BACKFILL_BLOCKS = 60;

/**
 * Empty blocks mined before an XDC run's indexer starts: its first backfill then spans more than one of the 5,000-block
 * windows Ponder asks an XDC node for.
 */
const XDC_BACKFILL_BLOCKS = XDC_LOG_RANGE + 100;

async function mineEmptyBlocks(rpcUrl: string, blocks: number) {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: [`0x${blocks.toString(16)}`] }),
  });
  const answer = (await response.json()) as { error?: { message: string } };
  if (answer.error) throw new Error(`anvil_mine failed: ${answer.error.message}`);
}

/**
 * The whole product on free ports, the way `npm start` composes it (scripts/stack.ts) but with a
 * chain, database and data folder of its own and the indexer under the harness's control: embedded
 * Postgres, anvil with the contracts deployed by the dev owner, migrations and settings, Ponder on the
 * chain's websocket, and the API (no scheduler: nothing but the harness writes incentives). With `faultyRpc` the
 * indexer and the API reach anvil only through the fault-injecting proxy, over HTTP (the indexer polls), while the
 * harness itself talks to anvil.
 */
export async function startStand(
  log: (line: string) => void,
  {
    faultyRpc = false,
    xdc,
    safe = false,
    apiProgram,
  }: { faultyRpc?: boolean; xdc?: { fees: XdcFeeMode }; safe?: boolean; apiProgram?: string } = {},
): Promise<Stand> {
  const dir = mkdtempSync(path.join(tmpdir(), "pli-verify-chain-"));
  const logDir = path.join(dir, "logs");
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse())
      await stop().catch((error: unknown) => log(`stop failed: ${String(error)}`));
  };
  mkdirSync(logDir);
  const pgLog = createWriteStream(path.join(logDir, "postgres.log"));
  const anvilLog = createWriteStream(path.join(logDir, "anvil.log"));
  stops.push(async () => void (pgLog.end(), anvilLog.end()));
  try {
    const [postgres, anvil] = await Promise.all([
      startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true, log: (chunk) => pgLog.write(chunk) }).then(
        (started: Postgres) => (stops.push(() => started.stop()), started),
      ),
      startAnvil({ log: (chunk) => anvilLog.write(chunk), ...(xdc ? xdcAnvilOptions(xdc.fees) : {}) }).then(
        (started: Anvil) => (stops.push(() => started.stop()), started),
      ),
    ]);
    const databaseUrl = await postgres.createDatabase("verify_chain");
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    /**
     * pg-pool's end() resolves before its connections have closed, so stopping Postgres right after may end one under
     * it: nothing to report then.
     */
    pool.on("error", () => undefined);
    const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    stops.push(() => db.destroy());
    const [deployment] = await Promise.all([
      deployContracts({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner }).then((deployed) =>
        safe ? deployOperatorSafe(anvil.rpcUrl, deployed) : deployed,
      ),
      migrateToLatest(db).then(() => ensureDefaultSettings(db)),
    ]);
    if (deployment.safe) log(`Safe ${deployment.safe.address} (2 of 3) is an operator: payouts go through it`);
    log(`postgres :${postgres.port}, anvil ${anvil.rpcUrl}, contracts deployed at block ${deployment.startBlock}`);
    // An XDC node caps eth_getLogs at its own 5,000 blocks, the width Ponder asks chains 50 and 51 for.
    const faults = faultyRpc ? { ...PUBLIC_ENDPOINT_FAULTS, ...(xdc ? { getLogsRange: null } : {}) } : undefined;
    const xdcRpc = xdc ? await startXdcRpc({ upstream: anvil.rpcUrl, quirks: { fees: xdc.fees }, faults }) : null;
    const proxy = xdcRpc ?? (faults ? await startFaultyRpc({ upstream: anvil.rpcUrl, faults }) : null);
    if (proxy) {
      stops.push(() => proxy.stop());
      log(`faulty RPC ${proxy.url} in front of anvil: ${JSON.stringify(proxy.faults)}`);
    }
    if (xdcRpc)
      log(`XDC node ${xdcRpc.url} in front of anvil (chain ${deployment.chainId}): ${JSON.stringify(xdcRpc.quirks)}`);
    const productChain = proxy ? { rpcUrl: proxy.url } : { rpcUrl: anvil.rpcUrl, wsUrl: anvil.wsUrl };
    if (proxy) await mineEmptyBlocks(anvil.rpcUrl, xdcRpc ? XDC_BACKFILL_BLOCKS : BACKFILL_BLOCKS);

    const indexerOptions = {
      databaseUrl,
      ...productChain,
      controlRpcUrl: anvil.rpcUrl,
      deployment,
      logFile: path.join(logDir, "indexer.log"),
      readyTimeoutMs: 180_000,
    };
    let current: Indexer | null = null;
    let starting: Promise<Indexer> | null = null;
    stops.push(async () => {
      await starting?.catch(() => undefined);
      await current?.stop();
    });
    const [indexerStart, apiStart] = await Promise.allSettled([
      startIndexer(indexerOptions).then((started) => (current = started)),
      startApi({
        dataDir: dir,
        logFile: path.join(logDir, "api.log"),
        databaseUrl,
        ...productChain,
        deployment,
        env: { SCHEDULER_ENABLED: "false" },
        program: apiProgram,
      }),
    ]);
    if (apiStart.status === "fulfilled") stops.push(() => apiStart.value.service.stop());
    if (indexerStart.status === "rejected") throw indexerStart.reason;
    if (apiStart.status === "rejected") throw apiStart.reason;
    const api = apiStart.value;
    log(`indexer on schema ${indexerStart.value.schema}, API ${api.url}`);

    /**
     * Starts the indexer again, and again after a pause while its start fails, as the deployment's supervisor does
     * (compose's `restart: unless-stopped`): a start meets the chain first, and a restart during a stretch of refused
     * RPC connections fails until the node answers again.
     */
    const restartIndexer = async (): Promise<Indexer> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await startIndexer(indexerOptions);
        } catch (error) {
          if (attempt >= INDEXER_RESTART_ATTEMPTS) throw error;
          log(
            `indexer restart ${attempt} failed (${error instanceof Error ? error.message : String(error)}); again in ${INDEXER_RESTART_PAUSE_MS / 1000} s`,
          );
          await new Promise((resolve) => setTimeout(resolve, INDEXER_RESTART_PAUSE_MS));
        }
      }
    };

    const indexer: IndexerControl = {
      get up() {
        return current !== null;
      },
      async crash() {
        await indexer.ready();
        const dead = current!;
        current = null;
        await dead.kill();
        starting = restartIndexer().then((started) => ((current = started), (starting = null), started));
        starting.catch(() => undefined);
      },
      async ready() {
        if (starting) await starting;
      },
      async indexed(block, timeoutMs) {
        await waitForIndexedBlock(databaseUrl, block, { timeoutMs });
      },
    };

    return {
      dir,
      logDir,
      rpcUrl: anvil.rpcUrl,
      wsUrl: anvil.wsUrl,
      databaseUrl,
      deployment,
      apiUrl: api.url,
      outboxDir: path.join(dir, "outbox"),
      db,
      indexer,
      faultyRpc: proxy,
      xdc: xdcRpc,
      async stop(keep) {
        await stopAll();
        if (!keep) rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
