import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Deployment } from "@pli/abis";
import { loadConfig } from "@pli/api/config";
import { JWT_SECRET_FILE } from "./data-files.ts";
import { freePort } from "./ports.ts";
import { startService, type Service } from "./service.ts";
import { waitFor } from "./wait.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ApiOptions {
  /** Local data: the signing secret, development outbox and uploads live here unless the environment names others. */
  dataDir: string;
  logFile: string;
  databaseUrl: string;
  rpcUrl: string;
  wsUrl?: string;
  deployment: Pick<Deployment, "chainId" | "contracts" | "safe">;
  port?: number;
  /** The web app's origin (the Sign-In With Ethereum domain); the API's own URL when absent. */
  publicUrl?: string;
  /** The built web app, served by the API on its own origin. */
  webDistDir?: string;
  /** Restart on source changes (`npm run dev`). */
  watch?: boolean;
  /**
   * A compiled api/src/server.ts (scripts/lib/production-build.ts), run with plain node as production runs it, instead
   * of the source through tsx: no TypeScript loader compiling every module at start (about 2 CPU-seconds). Not with
   * `watch`.
   */
  program?: string;
  /** Extra API settings on top of the runner's environment. */
  env?: Record<string, string>;
  /** Receives each chunk the API prints. */
  onOutput?: (chunk: string) => void;
}

export interface Api {
  url: string;
  port: number;
  service: Service;
}

/** A signing secret kept under the data folder, so development sessions survive a restart. */
function jwtSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/**
 * The API's environment from the runner: the runner's defaults for whatever `environment` leaves unset.
 * Its output goes to a log file (a pipe, not a terminal), so the runner asks for readable lines.
 */
export function apiEnvironment(
  options: ApiOptions,
  port: number,
  environment: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const url = `http://127.0.0.1:${port}`;
  const { deployment, dataDir } = options;
  return {
    APP_ENV: environment.APP_ENV ?? "development",
    LOG_PRETTY: environment.LOG_PRETTY ?? "true",
    PUBLIC_URL: environment.PUBLIC_URL ?? options.publicUrl ?? url,
    JWT_SECRET: environment.JWT_SECRET ?? jwtSecret(dataDir),
    OUTBOX_DIR: environment.OUTBOX_DIR ?? path.join(dataDir, "outbox"),
    UPLOAD_DIR: environment.UPLOAD_DIR ?? path.join(dataDir, "uploads"),
    API_PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    RPC_URL: options.rpcUrl,
    WS_URL: options.wsUrl,
    CHAIN_ID: String(deployment.chainId),
    PLI_TOKEN_ADDRESS: deployment.contracts.pliToken,
    STAKING_ADDRESS: deployment.contracts.stakingRewards,
    FARM_ADDRESS: deployment.contracts.pluginFarm,
    PRICE_FEED_ADDRESS: deployment.contracts.priceFeed,
    SAFE_ADDRESS: deployment.safe?.address,
    SAFE_START_BLOCK: deployment.safe ? String(deployment.safe.startBlock) : undefined,
    ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
    ...options.env,
  };
}

/** Node's arguments for the API: the compiled program given, or the source through tsx (with `--watch` for dev). */
function apiArgs(options: Pick<ApiOptions, "program" | "watch">): string[] {
  if (options.program && options.watch) throw new Error("A compiled API program does not restart on source changes");
  const entry = options.program
    ? [options.program]
    : ["--import", "tsx", ...(options.watch ? ["--watch"] : []), "api/src/server.ts"];
  return ["--expose-gc", ...entry];
}

/**
 * Runs the API (api/src/server.ts or its compiled `program`, its own process group) against the database and chain, with the
 * runner's defaults for whatever the environment leaves unset, and resolves once /api/health answers.
 * The configuration is checked before the process starts, so a bad value fails here with its name.
 */
export async function startApi(options: ApiOptions): Promise<Api> {
  const port = await freePort(options.port);
  const url = `http://127.0.0.1:${port}`;
  const env = apiEnvironment(options, port, process.env);
  loadConfig({ ...process.env, ...env });
  const service = startService({
    name: "api",
    command: process.execPath,
    args: apiArgs(options),
    cwd: ROOT,
    env,
    logFile: options.logFile,
    onOutput: options.onOutput,
  });
  try {
    await waitUntilHealthy(url, service);
  } catch (error) {
    await service.stop();
    throw error;
  }
  return { url, port, service };
}

async function waitUntilHealthy(apiUrl: string, api: Service) {
  let exited = false;
  void api.exited.then(() => (exited = true));
  await waitFor(
    "the API to report healthy",
    async () => {
      if (exited) throw new Error("the API exited; see its log");
      const response = await fetch(`${apiUrl}/api/health`);
      return response.ok;
    },
    { timeoutMs: 120_000, intervalMs: 200 },
  );
}
