import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { indexerEnv, indexerSchemaName, ROOT, startIndexer, type Indexer } from "../../scripts/lib/indexer.ts";
import { freePort } from "../../scripts/lib/ports.ts";
import { buildPrograms, PRODUCTION_PROGRAMS } from "../../scripts/lib/production-build.ts";
import { waitFor } from "../../scripts/lib/wait.ts";
import { chainFixture, type ChainFixture } from "./fixture.ts";

/** The container's start program, compiled as the production build compiles it, two folders below the root as there. */
const DIST = `indexer/.test-dist-${randomBytes(4).toString("hex")}`;
const LOCK_WAIT = "Schema is locked by a different Ponder app";

let f: ChainFixture;
let restarted: Indexer | undefined;

beforeAll(async () => {
  f = await chainFixture();
  await buildPrograms(DIST, PRODUCTION_PROGRAMS["indexer/dist"], false);
});
afterAll(async () => {
  await restarted?.stop();
  await f?.stop();
  rmSync(path.join(ROOT, DIST), { recursive: true, force: true });
});

async function isLocked(schema: string): Promise<number> {
  const { rows } = await sql<{ locked: number }>`
    SELECT (value->>'is_locked')::int AS locked FROM ${sql.table(`${schema}._ponder_meta`)} WHERE key = 'app'
  `.execute(f.db);
  return rows[0]!.locked;
}

it("releases its schema lock on docker stop's SIGTERM, so the next start takes the schema at once", async () => {
  const schema = indexerSchemaName(f.deployment);
  const port = await freePort();
  let output = "";
  const container = spawn(process.execPath, [path.join(DIST, "start.js")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      ...indexerEnv({ databaseUrl: f.databaseUrl, rpcUrl: f.anvil.rpcUrl, deployment: f.deployment }),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  container.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  container.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => container.once("exit", (code) => resolve(code)));
  try {
    await waitFor(
      "the container's indexer to be ready",
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/ready`);
        return response.status === 200;
      },
      { timeoutMs: 120_000 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${output}`);
    });
    expect(await isLocked(schema)).toBe(1);

    // As tini (compose's `init: true`) passes on `docker stop`: SIGTERM to the start program alone.
    container.kill("SIGTERM");
    expect(await exited).toBe(0);
  } finally {
    if (container.exitCode === null) process.kill(-container.pid!, "SIGKILL");
  }
  expect(await isLocked(schema), output).toBe(0);

  const lines: string[] = [];
  const started = performance.now();
  restarted = await startIndexer({
    databaseUrl: f.databaseUrl,
    rpcUrl: f.anvil.rpcUrl,
    wsUrl: f.anvil.wsUrl,
    deployment: f.deployment,
    log: (line) => lines.push(line),
  });
  const restartMs = performance.now() - started;
  expect(lines.join("\n")).not.toContain(LOCK_WAIT);
  // A schema left locked holds the next start until its heartbeat expires (~25 s) before the start's own work; a start
  // that takes the schema at once took up to 20.0 s in a slow hour of this machine (2026-11-30).
  expect(restartMs).toBeLessThan(25_000);

  await restarted.stop();
  expect(await isLocked(schema)).toBe(0);
});
