import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { readDeploymentFile } from "@pli/abis/node";
import type { Health } from "@pli/api/public-contract";
import { chainActor, pli } from "../test/chain.ts";
import { DEV_KEYS } from "./lib/dev-accounts.ts";
import { freePort } from "./lib/ports.ts";
import { waitFor } from "./lib/wait.ts";
import { ROOT } from "./stack.ts";
import { processIds, procStat } from "./lib/proc.ts";

const NODE = "0x00000000000000000000000000000000000000aa";

/** Every process descending from `pid`, read from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of processIds()) {
    const ppid = procStat(pid)?.ppid;
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const walk = (parent: number) => (children.get(parent) ?? []).forEach((child) => (found.push(child), walk(child)));
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return procStat(pid)?.state !== "Z";
  } catch {
    return false;
  }
};

const dataDir = mkdtempSync(path.join(tmpdir(), "pli-smoke-"));
const running: ChildProcess[] = [];
/** Every process a run started, so a failed test still leaves nothing behind. */
const started = new Set<number>();
afterAll(() => {
  for (const child of running) if (child.pid && alive(child.pid)) process.kill(-child.pid, "SIGKILL");
  for (const pid of started) if (alive(pid)) process.kill(pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start` as a person runs it, in its own process group (like a terminal), on the given ports. */
async function npmStart(ports: Record<string, number>) {
  let output = "";
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.push(child);
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitFor("the start summary", () => output.includes("Press Ctrl-C to stop everything."), {
    timeoutMs: 180_000,
    intervalMs: 250,
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  for (const pid of descendants(child.pid!)) started.add(pid);
  return {
    output: () => output,
    /**
     * Ctrl-C (SIGINT to the whole group, as a terminal sends it) or SIGTERM to npm alone (as a service
     * manager or `kill` sends it); resolves once every process it started has exited.
     */
    async stop(how: "ctrl-c" | "sigterm") {
      const tree = descendants(child.pid!);
      expect(tree.length).toBeGreaterThanOrEqual(8);
      if (how === "ctrl-c") process.kill(-child.pid!, "SIGINT");
      else process.kill(child.pid!, "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      await waitFor("the runner to report it stopped", () => output.includes("Stopped."), { timeoutMs: 90_000 }).catch(
        (error: Error) => {
          throw new Error(`${error.message}; still running: ${tree.filter(alive).join(", ")}\n${output}`);
        },
      );
      await waitFor("every child to exit", () => tree.every((pid) => !alive(pid)), { timeoutMs: 30_000 }).catch(() => {
        throw new Error(`still running: ${tree.filter(alive).join(", ")}\n${output}`);
      });
    },
  };
}

async function positionOf(pgPort: number, wallet: string) {
  const db = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/pli` });
  await db.connect();
  try {
    const { rows } = await db.query(
      "SELECT status, total_staked FROM chain.stake_position WHERE wallet = lower($1) AND node = lower($2)",
      [wallet, NODE],
    );
    return rows;
  } finally {
    await db.end();
  }
}

/** The demo history's incentives per status, and whether every paid one matches its payment's amount. */
async function demoIncentives(pgPort: number) {
  const db = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/pli` });
  await db.connect();
  try {
    const { rows } = await db.query(
      "SELECT status, count(*)::int AS n, bool_and(paid_amount IS NULL OR paid_amount = token) AS exact FROM app.incentive GROUP BY status ORDER BY status",
    );
    return rows;
  } finally {
    await db.end();
  }
}

describe("npm start", () => {
  const ports = async () => ({
    PG_PORT: await freePort(),
    ANVIL_PORT: await freePort(),
    INDEXER_PORT: await freePort(),
    API_PORT: await freePort(),
  });

  it("brings the stack up, indexes a stake, leaves no process behind on Ctrl-C or SIGTERM, and resumes with the same data", async () => {
    const first = await ports();
    const run = await npmStart(first);
    const api = `http://127.0.0.1:${first.API_PORT}`;
    expect(run.output()).toContain(`Web app      http://localhost:${first.API_PORT}`);
    expect(run.output()).toContain("DEVELOPMENT ONLY");
    expect(run.output()).toMatch(/Admin sign-in .* admin@pli\.local \/ \S{20}/);
    expect((await fetch(`${api}/api/health`)).status).toBe(200);
    expect(await (await fetch(`http://127.0.0.1:${first.API_PORT}/listnode`)).text()).toContain('<div id="root">');
    expect(run.output()).toContain("demo history seeded");
    expect(await demoIncentives(first.PG_PORT)).toEqual([
      { status: "Paid", n: 4, exact: true },
      { status: "UnPaid", n: 4, exact: true },
    ]);

    const deployment = readDeploymentFile(path.join(dataDir, "deployment.json"));
    const rpc = `http://127.0.0.1:${first.ANVIL_PORT}`;
    const owner = chainActor(rpc, deployment, DEV_KEYS.owner);
    const operator = chainActor(rpc, deployment, DEV_KEYS.validator);
    await owner.whitelist(operator.account.address, NODE);
    await operator.approve(pli(60_000));
    const receipt = await operator.stake(pli(60_000), NODE);
    await waitFor("the indexed block to pass the stake", async () => {
      const health = (await (await fetch(`${api}/api/health`)).json()) as Health;
      return (health.indexer.block ?? -1) >= Number(receipt.blockNumber);
    });
    expect(await positionOf(first.PG_PORT, operator.account.address)).toEqual([
      { status: "Stake", total_staked: pli(60_000).toString() },
    ]);
    await run.stop("ctrl-c");

    const second = await ports();
    const again = await npmStart(second);
    expect(again.output()).not.toContain("deploying contracts");
    expect(readDeploymentFile(path.join(dataDir, "deployment.json"))).toEqual(deployment);
    expect(await positionOf(second.PG_PORT, operator.account.address)).toEqual([
      { status: "Stake", total_staked: pli(60_000).toString() },
    ]);
    const health = (await (await fetch(`http://127.0.0.1:${second.API_PORT}/api/health`)).json()) as Health;
    expect(health.indexer.block).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
    await again.stop("sigterm");
  });

  it("refuses bad configuration at once, naming each bad variable, and starts nothing", async () => {
    const child = spawn("npm", ["start"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        RPC_URL: "http://127.0.0.1:1",
        API_PORT: "99999",
        PLI_TOKEN_ADDRESS: "0x12",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).not.toBe(0);
    for (const name of ["API_PORT", "PLI_TOKEN_ADDRESS", "CHAIN_ID", "STAKING_ADDRESS", "FARM_ADDRESS", "START_BLOCK"])
      expect(output).toContain(name);
    expect(output).not.toContain("starting embedded Postgres");
  });
});
