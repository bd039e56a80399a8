import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createPublicClient, http } from "viem";
import { ANVIL_CHAIN_ID } from "./dev-accounts.ts";
import { freePort } from "./ports.ts";
import { waitFor } from "./wait.ts";

const require = createRequire(import.meta.url);

/** The native anvil binary shipped inside the npm package for this platform. */
export function anvilBinary(): string {
  const pkg = require.resolve("@foundry-rs/anvil-linux-amd64/package.json");
  return path.join(path.dirname(pkg), "bin", "anvil");
}

export interface AnvilOptions {
  port?: number;
  chainId?: number;
  /** Load the chain from this file when it exists and dump it there on exit (and every few seconds). */
  statePath?: string;
  /** The genesis block's time, seconds since the epoch (a new chain only): room for a history before now. */
  genesisTime?: number;
  log?: (line: string) => void;
}

export interface Anvil {
  rpcUrl: string;
  wsUrl: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts anvil on 127.0.0.1 and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const port = await freePort(options.port);
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(options.chainId ?? ANVIL_CHAIN_ID)];
  if (options.statePath) mkdirSync(path.dirname(options.statePath), { recursive: true });
  if (options.statePath)
    args.push("--state", options.statePath, "--state-interval", "5", "--preserve-historical-states");
  if (options.genesisTime !== undefined) args.push("--timestamp", String(options.genesisTime));
  const child = spawn(anvilBinary(), args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
  const log = options.log;
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  child.stdout?.on("data", (chunk: Buffer) => log?.(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => log?.(chunk.toString()));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  await waitFor("anvil to answer", async () => {
    if (exited) throw new Error(`anvil exited with code ${child.exitCode}`);
    return (await client.getChainId()) > 0;
  });
  return {
    rpcUrl,
    wsUrl: `ws://127.0.0.1:${port}`,
    port,
    process: child,
    async stop() {
      if (exited) return;
      child.kill("SIGTERM");
      await exitPromise;
    },
  };
}
