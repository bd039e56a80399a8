import path from "node:path";
import { inject } from "vitest";
import { HEALTH_PATHS, type Health } from "@pli/api/public-contract";
import { freePort } from "../scripts/lib/ports.ts";
import { startService, type Service } from "../scripts/lib/service.ts";
import { waitFor } from "../scripts/lib/wait.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

export interface ApiProcess {
  url: string;
  service: Service;
  /** Everything the process has printed so far (stdout and stderr). */
  output(): string;
}

/**
 * The environment of an API process on a test's database and chain, its uploads and outbox under `dir`; a test adds
 * what it is about.
 */
export function apiProcessEnv(
  config: { DATABASE_URL: string; JWT_SECRET: string; PUBLIC_URL: string },
  chain: {
    rpcUrl: string;
    chainId: number;
    contracts: { pliToken: string; stakingRewards: string; pluginFarm: string };
  },
  dir: string,
): Record<string, string> {
  return {
    APP_ENV: "test",
    DATABASE_URL: config.DATABASE_URL,
    JWT_SECRET: config.JWT_SECRET,
    PUBLIC_URL: config.PUBLIC_URL,
    RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    PLI_TOKEN_ADDRESS: chain.contracts.pliToken,
    STAKING_ADDRESS: chain.contracts.stakingRewards,
    FARM_ADDRESS: chain.contracts.pluginFarm,
    TRUST_PROXY: "true",
    UPLOAD_DIR: path.join(dir, "uploads"),
    OUTBOX_DIR: path.join(dir, "outbox"),
  };
}

/**
 * Starts the API's real entry, compiled as production runs it (this run's build of api/src/server.ts,
 * test/global-programs.ts), in a process group of its own, as the stack runner does, on a free port of 127.0.0.1 with `env` on top of this process's environment; resolves once
 * /api/health answers with the database reachable (the indexer may be absent), or stops it and
 * throws with what it printed.
 */
export async function startApiProcess(name: string, env: Record<string, string>, logDir: string): Promise<ApiProcess> {
  const port = await freePort();
  let printed = "";
  const service = startService({
    name,
    command: process.execPath,
    args: [path.join(ROOT, inject("compiledProgramsDir"), "server.js")],
    cwd: ROOT,
    env: { ...env, API_HOST: "127.0.0.1", API_PORT: String(port) },
    logFile: path.join(logDir, `${name}.log`),
    onOutput: (chunk) => (printed += chunk),
  });
  const url = `http://127.0.0.1:${port}`;
  let exitCode: number | string | undefined;
  void service.exited.then((code) => (exitCode = code));
  let problem: string | undefined;
  try {
    const state = await waitFor(
      `${name} to report healthy`,
      async () => {
        if (exitCode !== undefined) return "exited";
        const health = (await (await fetch(`${url}${HEALTH_PATHS.health}`)).json()) as Health;
        return health.database.ok && "healthy";
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    if (state === "exited") problem = `${name} exited (${exitCode}) before it was healthy`;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (problem) {
    await service.stop();
    throw new Error(`${problem}\n${printed}`);
  }
  return { url, service, output: () => printed };
}
