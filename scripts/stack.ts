import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { createPublicClient, http } from "viem";
import type { Deployment } from "@pli/abis";
import { readDeploymentFile } from "@pli/abis/node";
import { provisionAdmin } from "../api/src/admin/provision.ts";
import { USER_ROLE } from "../api/src/public-contract/domain.ts";
import { createDb, type Db } from "../api/src/db/database.ts";
import { applyAnalystAccess } from "../api/src/db/analyst-access.ts";
import { migrateToLatest } from "../api/src/db/migrate.ts";
import { accrueIncentives } from "../api/src/incentive/accrual.ts";
import { ensureDefaultSettings } from "../api/src/setting/repository.ts";
import { upsertDirectoryEntry } from "../api/src/validator-check/directory.ts";
import { DEMO_SEED, deployContracts, seedDemoData, writeDeploymentFile } from "../contracts/scripts/deploy.ts";
import { startAnvil } from "./lib/anvil.ts";
import { startApi } from "./lib/api.ts";
import { DEMO_ADMIN_FILE, DEPLOYMENT_FILE, RUNTIME_FILE, STACK_DATABASE } from "./lib/data-files.ts";
import { demoGenesisTime, seedDemoHistory } from "./lib/demo-history.ts";
import { DEV_KEYS, devAccount } from "./lib/dev-accounts.ts";
import { startIndexer } from "./lib/indexer.ts";
import { freePort } from "./lib/ports.ts";
import { startPostgres } from "./lib/postgres.ts";
import { startService } from "./lib/service.ts";
import type { StackConfig } from "./lib/stack-config.ts";
import { waitFor } from "./lib/wait.ts";
import { buildWeb } from "./lib/web-build.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface DemoAccounts {
  admin: { email: string; password: string };
  validatorEmail: string;
  standbyEmail: string;
}

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
  /** On a new chain of its own, seed months of history (stakes, inactive days, incentives paid and unpaid) for the demo. */
  demoHistory?: boolean;
}

export interface Stack {
  urls: { web: string; api: string; rpc: string; ws?: string; indexer: string };
  deployment: Deployment;
  databaseUrl: string;
  embedded: { postgres: boolean; chain: boolean };
  /** Demo sign-in details, seeded when the stack runs its own chain. */
  demo?: DemoAccounts;
  logDir: string;
  /** Resolves with the name of the first long-running service that exits on its own. */
  died: Promise<string>;
  stop(): Promise<void>;
}

/** Whether `deployment`'s contracts exist on the chain behind `rpcUrl` (a reset chain has lost them). */
async function isDeployed(rpcUrl: string, deployment: Deployment): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  if ((await client.getChainId()) !== deployment.chainId) return false;
  const code = await client.getCode({ address: deployment.contracts.stakingRewards });
  return code !== undefined && code !== "0x";
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
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      log("postgres", "starting embedded Postgres");
      const pg = await startPostgres({ dataDir: path.join(dataDir, "postgres"), port: options.ports?.pg });
      cleanups.push(() => pg.stop());
      databaseUrl = await pg.createDatabase(STACK_DATABASE);
    }

    step();
    const startedAt = new Date();
    let history = false;
    let deployment: Deployment;
    let rpcUrl: string;
    let wsUrl: string | undefined;
    if (options.chain) {
      ({ rpcUrl, wsUrl } = options.chain);
      deployment = { ...options.chain, deployer: options.chain.contracts.pliToken, deployedAt: "external" };
    } else {
      log("anvil", "starting anvil");
      const statePath = path.join(dataDir, "anvil", "state.json");
      const genesisTime = options.demoHistory && !existsSync(statePath) ? demoGenesisTime(startedAt) : undefined;
      const anvil = await startAnvil({ port: options.ports?.anvil, statePath, genesisTime });
      cleanups.push(() => anvil.stop());
      ({ rpcUrl, wsUrl } = anvil);
      const deploymentFile = path.join(dataDir, DEPLOYMENT_FILE);
      const existing = existsSync(deploymentFile) ? readDeploymentFile(deploymentFile) : undefined;
      if (existing && (await isDeployed(rpcUrl, existing))) {
        deployment = existing;
      } else {
        log("anvil", "compiling and deploying contracts, seeding demo data");
        await dropIndexedData(databaseUrl);
        const deployOptions = { rpcUrl, ownerKey: DEV_KEYS.owner };
        deployment = await deployContracts(deployOptions);
        await seedDemoData(deployment, deployOptions, {
          operators: [devAccount("validator").address, devAccount("standby").address],
          ...DEMO_SEED,
        });
        writeDeploymentFile(deploymentFile, deployment);
        history = genesisTime !== undefined;
      }
    }

    step();
    log("api", "running migrations");
    const db = createDb(databaseUrl, 2);
    let demo: DemoAccounts | undefined;
    try {
      await migrateToLatest(db);
      await applyAnalystAccess(db, options.analystPassword);
      await ensureDefaultSettings(db);
      if (!options.chain) demo = await seedDemoAccounts(db, dataDir);
      if (history) {
        log("anvil", "seeding months of demo history");
        const { payouts } = await seedDemoHistory({ db, rpcUrl, deployment, now: startedAt });
        log("anvil", `demo history seeded: stakes, a top-up, inactive days and ${payouts} incentive payouts`);
      }
    } finally {
      await db.destroy();
    }

    step();
    log("indexer", "starting Ponder");
    const indexer = await startIndexer({
      databaseUrl,
      rpcUrl,
      wsUrl,
      deployment,
      port: options.ports?.indexer,
      logFile: path.join(logDir, "indexer.log"),
    });
    cleanups.push(() => indexer.stop());
    if (history) await accrueDemoHistory(databaseUrl, rpcUrl, log);

    step();
    const apiPort = await freePort(options.ports?.api);
    const webPort = options.dev ? await freePort(options.ports?.web) : apiPort;
    // A host name, not an IP address: browsers refuse passkeys (WebAuthn) on an IP address, and PUBLIC_URL follows this URL.
    const webUrl = `http://localhost:${webPort}`;
    if (!options.dev) await buildWeb(path.join(logDir, "web-build.log"), log);
    const api = await startApi({
      dataDir,
      logFile: path.join(logDir, "api.log"),
      databaseUrl,
      rpcUrl,
      wsUrl,
      deployment,
      port: apiPort,
      publicUrl: webUrl,
      webDistDir: options.dev ? undefined : path.join(ROOT, "web", "dist"),
      watch: options.dev,
      env: options.apiEnv,
      onOutput: (chunk) => {
        if (chunk.includes("DEVELOPMENT ONLY")) log("api", chunk.trimEnd());
      },
    });
    cleanups.push(() => api.service.stop());
    const apiUrl = api.url;

    const exits = [indexer.exited.then(() => "indexer"), api.service.exited.then(() => "api")];
    if (options.dev) {
      step();
      const web = startService({
        name: "web",
        command: process.execPath,
        args: [path.join(ROOT, "node_modules/vite/bin/vite.js"), "dev", "--host", "127.0.0.1", "--port", String(webPort), "--strictPort"],
        cwd: path.join(ROOT, "web"),
        env: { API_URL: apiUrl },
        logFile: path.join(logDir, "web.log"),
      });
      cleanups.push(() => web.stop());
      exits.push(web.exited.then(() => "web"));
    }
    await waitFor("the web app", async () => (await fetch(`${webUrl}/api/config`)).ok && (await fetch(webUrl)).ok, { timeoutMs: 60_000, intervalMs: 200 });

    step();
    const runtimeFile = path.join(dataDir, RUNTIME_FILE);
    writeFileSync(runtimeFile, JSON.stringify({ databaseUrl, api: apiUrl, web: webUrl }), { mode: 0o600 });
    cleanups.push(async () => rmSync(runtimeFile, { force: true }));
    return {
      urls: { web: webUrl, api: apiUrl, rpc: rpcUrl, ws: wsUrl, indexer: `http://127.0.0.1:${indexer.port}` },
      deployment,
      databaseUrl,
      embedded: { postgres: !options.databaseUrl, chain: !options.chain },
      demo,
      logDir,
      died: Promise.race(exits),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The demo wallets in the validator directory and one admin, created once and remembered. */
async function seedDemoAccounts(db: Db, dataDir: string): Promise<DemoAccounts> {
  const validatorEmail = "validator@pli.local";
  const standbyEmail = "standby@pli.local";
  await upsertDirectoryEntry(db, { walletAddress: devAccount("validator").address, email: validatorEmail, userRole: USER_ROLE.validator });
  await upsertDirectoryEntry(db, { walletAddress: devAccount("standby").address, email: standbyEmail, userRole: USER_ROLE.standby });
  const file = path.join(dataDir, DEMO_ADMIN_FILE);
  if (!existsSync(file)) {
    const { admin, password } = await provisionAdmin(db, { email: "admin@pli.local", name: "Demo Admin" });
    writeFileSync(file, JSON.stringify({ email: admin.email, password }), { mode: 0o600 });
  }
  const admin = JSON.parse(readFileSync(file, "utf8")) as DemoAccounts["admin"];
  return { admin, validatorEmail, standbyEmail };
}

/** The API's accrual over the demo history, once the indexer has it: the incentive rows, the first months' matched to their payouts. */
async function accrueDemoHistory(databaseUrl: string, rpcUrl: string, log: (service: string, line: string) => void) {
  const db = createDb(databaseUrl, 2);
  try {
    const { accrued } = await accrueIncentives({ db, chain: createPublicClient({ transport: http(rpcUrl) }) }, new Date());
    log("api", `demo incentives accrued for ${accrued.map((month) => month.month).join(", ") || "no month"}`);
  } finally {
    await db.destroy();
  }
}

/**
 * A fresh chain reuses the chain id and often the contract addresses of the last one, so Ponder would
 * resume rows and cached logs of a chain that no longer exists: drop its schemas before redeploying.
 */
async function dropIndexedData(databaseUrl: string): Promise<void> {
  const db = createDb(databaseUrl, 1);
  try {
    const { rows } = await sql<{ name: string }>`SELECT nspname AS name FROM pg_namespace WHERE nspname = 'chain' OR nspname LIKE 'ponder%'`.execute(db);
    for (const { name } of rows) await sql`DROP SCHEMA ${sql.id(name)} CASCADE`.execute(db);
  } finally {
    await db.destroy();
  }
}
