import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
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
  /** The EVM's rules, e.g. `berlin` for a chain without EIP-1559 (no base fee, no type-2 transactions). */
  hardfork?: string;
  /** The first block's base fee, wei (EIP-1559 chains). */
  baseFee?: bigint;
  /** What anvil answers to `eth_gasPrice` on a chain without a base fee, wei. */
  gasPrice?: bigint;
  /**
   * Keep no state but the head's (`--prune-history`): calls at older blocks fail, and mining no longer copies the
   * whole state for every block, which a chain of millions of blocks cannot afford.
   */
  pruneHistory?: boolean;
  log?: (line: string) => void;
}

export interface Anvil {
  rpcUrl: string;
  wsUrl: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts anvil on 127.0.0.1 and resolves once this process listens and answers JSON-RPC. A picked port
 * that another process took in the meantime is detected from anvil's own words and a new one is picked,
 * so a client never ends up talking to someone else's chain.
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  for (let attempt = 1; ; attempt++) {
    const started = await startAnvilOnce(options);
    if (started !== "port taken") return started;
    if (options.port || attempt === PORT_ATTEMPTS) throw new Error(`anvil could not listen: the port was taken`);
  }
}

const PORT_ATTEMPTS = 5;
const LISTEN_TIMEOUT_MS = 30_000;

async function startAnvilOnce(options: AnvilOptions): Promise<Anvil | "port taken"> {
  const port = await freePort(options.port);
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(options.chainId ?? ANVIL_CHAIN_ID)];
  if (options.statePath) mkdirSync(path.dirname(options.statePath), { recursive: true });
  if (options.statePath)
    args.push("--state", options.statePath, "--state-interval", "5", "--preserve-historical-states");
  if (options.genesisTime !== undefined) args.push("--timestamp", String(options.genesisTime));
  if (options.hardfork) args.push("--hardfork", options.hardfork);
  if (options.baseFee !== undefined) args.push("--base-fee", String(options.baseFee));
  if (options.gasPrice !== undefined) args.push("--gas-price", String(options.gasPrice));
  if (options.pruneHistory) args.push("--prune-history");
  /**
   * Anvil keeps the states it moves out of memory under $HOME/.foundry and deletes them only on a clean exit, so a
   * killed chain left gigabytes behind for ever (74 GB on this machine after a day of test runs). Its home is a
   * folder of its own in the temporary folder, removed when it exits (and with the test run's folder otherwise).
   */
  const home = mkdtempSync(path.join(tmpdir(), "pli-anvil-home-"));
  const child = spawn(anvilBinary(), args, {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, HOME: home },
  });
  child.once("exit", () => rmSync(home, { recursive: true, force: true }));
  const log = options.log;
  let exited = false;
  let output = "";
  const exitPromise = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  const listening = new Promise<"listening" | "port taken">((resolve, reject) => {
    const listeningLine = `Listening on 127.0.0.1:${port}`;
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      log?.(text);
      output = (output + text).slice(-4096);
      if (output.includes(listeningLine)) resolve("listening");
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exitPromise.then(() => {
      if (/address already in use/i.test(output)) resolve("port taken");
      const last = output.trim().split("\n").at(-1) ?? "";
      reject(new Error(`anvil exited with code ${child.exitCode}: ${last}`));
    });
  });
  const timeout = setTimeout(() => child.kill("SIGKILL"), LISTEN_TIMEOUT_MS);
  try {
    if ((await listening) === "port taken") return "port taken";
  } finally {
    clearTimeout(timeout);
  }
  const rpcUrl = `http://127.0.0.1:${port}`;
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  await waitFor("anvil to answer", async () => (await client.getChainId()) > 0);
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
