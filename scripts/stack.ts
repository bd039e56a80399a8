import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Deployment } from "@pli/abis";
import { startApi } from "./lib/api.ts";
import { RUNTIME_FILE } from "./lib/data-files.ts";
import { startIndexer } from "./lib/indexer.ts";
import { freePort } from "./lib/ports.ts";
import { startPostgres } from "./lib/postgres.ts";
import { startService } from "./lib/service.ts";
import { embeddedPortalDatabase, type PortalDatabase } from "./lib/stack-database.ts";
import { ensureDemoSafe, startChain } from "./lib/stack-chain.ts";
import type { StackConfig } from "./lib/stack-config.ts";
import { accrueDemoHistory, prepareDatabase, type DemoAccounts } from "./lib/stack-seed.ts";
import type { XdcQuirks } from "./lib/xdc-rpc.ts";
import { waitFor } from "./lib/wait.ts";
import { buildWeb } from "./lib/web-build.ts";

export type { DemoAccounts };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface StackOptions extends Partial<StackConfig> {
  dataDir: string;
  /** Vite dev server and API reload on change instead of the built web app. */
  dev?: boolean;
  /** Progress lines for a person watching (each service's own output goes to dataDir/logs). */
  log?: (service: string, line: string) => void;
  /** Aborting stops the start between steps and tears down what was started. */
  signal?: AbortSignal;
  /** Extra API settings (SMTP_URL, VALIDATOR_CHECK_URL, …) on top of the runner's environment. */
  apiEnv?: Record<string, string>;
  /** The API compiled as production runs it (a build's server.js), instead of its source through tsx; not with `dev`. */
  apiProgram?: string;
  /**
   * On a new chain of its own, seed months of history (stakes, inactive days, incentives paid and unpaid) for the demo.
   */
  demoHistory?: boolean;
  /**
   * The embedded chain behind the XDC node stand-in (scripts/lib/xdc-rpc.ts): anvil as chain 51, every quirk on unless
   * switched off here, a block every 2 s; the indexer, API and web app talk to the stand-in.
   */
  xdc?: Partial<XdcQuirks>;
  /** In XDC mode, the seconds between blocks once the contracts are there (default 2, as XDPoS mines). */
  xdcBlockSeconds?: number;
  /**
   * `npm start -- --safe`: hand the contracts' ownership to the demo 2-of-3 Safe, so that every admin chain action is
   * proposed to it. Final for that chain: later starts find the Safe owning them and stay in Safe mode.
   */
  safe?: boolean;
}

export interface Stack {
  /** `rpc`: what the product talks to; `chainRpc`: the chain itself (anvil's own methods), the same but in XDC mode. */
  urls: { web: string; api: string; rpc: string; chainRpc: string; ws?: string; indexer: string };
  /** The contracts, and `safe` when the portal runs in Safe mode (the Safe owns them). */
  deployment: Deployment;
  /** The demo Safe on the stack's own chain, whether or not it owns the contracts. */
  demoSafe?: NonNullable<Deployment["safe"]>;
  /** The API's role's URL (api/src/db/roles.ts). */
  databaseUrl: string;
  /** The database as each of the portal's roles signs in. */
  database: PortalDatabase;
  embedded: { postgres: boolean; chain: boolean };
  /** Demo sign-in details, seeded when the stack runs its own chain. */
  demo?: DemoAccounts;
  logDir: string;
  /** Resolves with the name of the first long-running service that exits on its own. */
  died: Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the whole product: Postgres, chain, migrations and seed, indexer, API and web app, each
 * waited on until healthy. Parts given in `options` (an external database or chain) are used as they are.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const logDir = path.join(dataDir, "logs");
  mkdirSync(logDir, { recursive: true });
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => log("stack", `stop failed: ${String(error)}`));
    }
  };
  const step = () => options.signal?.throwIfAborted();
  // The web app builds while the database, chain and indexer start: it needs none of them.
  const webBuilt = options.dev ? undefined : buildWeb(path.join(logDir, "web-build.log"), log);
  webBuilt?.catch(() => undefined);
  try {
    let database = options.database;
    if (!database) {
      log("postgres", "starting embedded Postgres");
      const pg = await startPostgres({ dataDir: path.join(dataDir, "postgres"), port: options.ports?.pg });
      cleanups.push(() => pg.stop());
      database = await embeddedPortalDatabase(pg, dataDir);
    }
    const databaseUrl = database.api;

    step();
    const startedAt = new Date();
    const chain = await startChain({
      external: options.chain,
      dataDir,
      databaseUrl: database.owner,
      port: options.ports?.anvil,
      demoHistory: options.demoHistory,
      xdc: options.xdc,
      xdcBlockSeconds: options.xdcBlockSeconds,
      startedAt,
      log,
    });
    if (chain.stop) cleanups.push(chain.stop);
    const { rpcUrl, wsUrl, controlRpcUrl } = chain;
    let deployment = chain.deployment;

    step();
    const demo = await prepareDatabase({
      database,
      dataDir,
      analystPassword: options.analystPassword,
      demo: options.chain
        ? false
        : chain.seedHistory
          ? { history: true, rpcUrl: controlRpcUrl, deployment, now: startedAt }
          : { history: false },
      log,
    });
    let demoSafe: Deployment["safe"];
    if (!options.chain) {
      const ensured = await ensureDemoSafe({
        rpcUrl: controlRpcUrl,
        dataDir,
        deployment,
        handOver: options.safe ?? false,
        log,
      });
      demoSafe = ensured.deployment.safe;
      deployment = ensured.safeMode ? ensured.deployment : { ...ensured.deployment, safe: undefined };
    }
    await chain.live?.();

    step();
    log("indexer", "starting Ponder");
    const indexer = await startIndexer({
      databaseUrl: database.indexer,
      rpcUrl,
      wsUrl,
      ...(controlRpcUrl !== rpcUrl ? { controlRpcUrl } : {}),
      deployment,
      port: options.ports?.indexer,
      logFile: path.join(logDir, "indexer.log"),
    });
    cleanups.push(() => indexer.stop());
    if (chain.seedHistory) await accrueDemoHistory(databaseUrl, controlRpcUrl, log);

    step();
    await webBuilt;
    const web = await startApiAndWeb(options, {
      dataDir,
      logDir,
      database,
      rpcUrl,
      wsUrl,
      deployment,
      cleanups,
      log,
      step,
    });
    return {
      urls: {
        web: web.webUrl,
        api: web.apiUrl,
        rpc: rpcUrl,
        chainRpc: controlRpcUrl,
        ws: wsUrl,
        indexer: `http://127.0.0.1:${indexer.port}`,
      },
      deployment,
      demoSafe,
      databaseUrl,
      database,
      embedded: { postgres: !options.database, chain: !options.chain },
      demo,
      logDir,
      died: Promise.race([indexer.exited.then(() => "indexer"), ...web.exits]),
      stop,
    };
  } catch (error) {
    await stop();
    await webBuilt?.catch(() => undefined);
    throw error;
  }
}

/**
 * The API (serving the built web app) or, with `dev`, the API reloading on change next to Vite's dev
 * server; waited on until the web app answers, then the runtime file that the CLI scripts read.
 */
async function startApiAndWeb(
  options: StackOptions,
  context: {
    dataDir: string;
    logDir: string;
    database: PortalDatabase;
    rpcUrl: string;
    wsUrl?: string;
    deployment: Deployment;
    cleanups: (() => Promise<void>)[];
    log: (service: string, line: string) => void;
    step: () => void;
  },
) {
  const { dataDir, logDir, database, cleanups, log } = context;
  const databaseUrl = database.api;
  const apiPort = await freePort(options.ports?.api);
  const webPort = options.dev ? await freePort(options.ports?.web) : apiPort;
  // A host name, not an IP address: browsers refuse passkeys (WebAuthn) on an IP address, and PUBLIC_URL follows this
  // URL.
  const webUrl = `http://localhost:${webPort}`;
  const api = await startApi({
    dataDir,
    logFile: path.join(logDir, "api.log"),
    databaseUrl,
    rpcUrl: context.rpcUrl,
    wsUrl: context.wsUrl,
    deployment: context.deployment,
    port: apiPort,
    publicUrl: webUrl,
    webDistDir: options.dev ? undefined : path.join(ROOT, "web", "dist"),
    watch: options.dev,
    program: options.apiProgram,
    env: {
      // The stack's own anvil mines a block only when a transaction comes: an alert waiting for blocks on top of its
      // event would wait for the next transaction. The XDC stand-in mines every few seconds and keeps the default.
      ...(options.chain || options.xdc
        ? {}
        : { CHAIN_ALERT_CONFIRMATIONS: process.env.CHAIN_ALERT_CONFIRMATIONS ?? "0" }),
      ...options.apiEnv,
    },
    onOutput: (chunk) => {
      if (chunk.includes("DEVELOPMENT ONLY")) log("api", chunk.trimEnd());
    },
  });
  cleanups.push(() => api.service.stop());
  const apiUrl = api.url;

  const exits = [api.service.exited.then(() => "api")];
  if (options.dev) {
    context.step();
    const web = startService({
      name: "web",
      command: process.execPath,
      args: [
        path.join(ROOT, "node_modules/vite/bin/vite.js"),
        "dev",
        "--host",
        "127.0.0.1",
        "--port",
        String(webPort),
        "--strictPort",
      ],
      cwd: path.join(ROOT, "web"),
      env: { API_URL: apiUrl },
      logFile: path.join(logDir, "web.log"),
    });
    cleanups.push(() => web.stop());
    exits.push(web.exited.then(() => "web"));
  }
  await waitFor("the web app", async () => (await fetch(`${webUrl}/api/config`)).ok && (await fetch(webUrl)).ok, {
    timeoutMs: 60_000,
    intervalMs: 200,
  });

  context.step();
  const runtimeFile = path.join(dataDir, RUNTIME_FILE);
  writeFileSync(
    runtimeFile,
    JSON.stringify({ databaseUrl, ownerDatabaseUrl: database.owner, api: apiUrl, web: webUrl }),
    { mode: 0o600 },
  );
  cleanups.push(async () => rmSync(runtimeFile, { force: true }));
  return { webUrl, apiUrl, exits };
}
