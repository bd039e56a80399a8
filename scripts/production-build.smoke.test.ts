import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "@pli/abis";
import { roleUrl, type DatabaseRole } from "@pli/api/db/roles";
import { API } from "@pli/api/public-contract";
import { startSmtp } from "../test/smtp.ts";
import { freePort } from "./lib/ports.ts";
import { startPostgres } from "./lib/postgres.ts";
import {
  buildProduction,
  dockerfileCommand,
  indexedUpToSql,
  PRODUCTION_ENV,
  productionApiEnv,
  startHeadOnlyRpc,
} from "./lib/production-build.ts";
import { waitFor } from "./lib/wait.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const run = promisify(execFile);
const CHAIN_ID = 31337;
const HEAD = 500;
const dir = mkdtempSync(path.join(tmpdir(), "pli-production-smoke-"));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `args` (a Docker CMD) as the container would, in a process group of its own that afterAll ends. */
function runCommand(
  args: string[],
  env: Record<string, string | undefined>,
): { child: ChildProcess; output(): string } {
  let output = "";
  const child = spawn(args[0]!, args.slice(1), { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
  });
  return { child, output: () => output };
}

describe("the production build", () => {
  it("runs as compose runs it with plain node: the roles and migrations, then a healthy server (as the API's role) serving the default settings, and the compiled admin:create", async () => {
    await buildProduction();
    const postgres = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
    cleanups.push(() => postgres.stop());
    const rpc = await startHeadOnlyRpc(HEAD);
    cleanups.push(() => rpc.close());
    const smtp = await startSmtp();
    cleanups.push(() => smtp.stop());
    const superuserUrl = await postgres.createDatabase("production");
    const as = (role: DatabaseRole) => roleUrl(superuserUrl, role, `${role}-smoke-password-0123`);
    const programEnv = { PATH: process.env.PATH, ...PRODUCTION_ENV };
    await run(process.execPath, ["api/dist/db-roles.js"], {
      cwd: ROOT,
      env: {
        ...programEnv,
        DATABASE_SUPERUSER_URL: superuserUrl,
        DATABASE_OWNER_URL: as("owner"),
        DATABASE_URL: as("api"),
        INDEXER_DATABASE_URL: as("indexer"),
      },
    });
    const migrated = await run(process.execPath, ["api/dist/migrate.js"], {
      cwd: ROOT,
      env: { ...programEnv, DATABASE_OWNER_URL: as("owner") },
    });
    expect(migrated.stdout).toMatch(/Applied 0001_app-schema, /);
    const port = await freePort();
    const env = {
      ...productionApiEnv({
        databaseUrl: as("api"),
        rpcUrl: rpc.url,
        chainId: CHAIN_ID,
        jwtSecret: "production-smoke-secret-0123456789abcdef",
        smtpUrl: smtp.url,
        uploadDir: path.join(dir, "uploads"),
      }),
      API_PORT: String(port),
    };
    const url = `http://127.0.0.1:${port}`;
    const asOwner = await run(process.execPath, ["api/dist/server.js"], {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: as("owner") },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(asOwner.code).toBe(2);
    expect(asOwner.stderr).toContain("DATABASE_URL signs in as pli_owner, an owner of the app tables");
    const api = runCommand(dockerfileCommand("api"), env);
    await waitFor("the API to listen", async () => (await fetch(`${url}${API.health}`)).status > 0, {
      timeoutMs: 60_000,
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${api.output()}`);
    });

    const client = new pg.Client({ connectionString: as("indexer") });
    await client.connect();
    await client.query(indexedUpToSql(HEAD, CHAIN_ID));
    await client.end();
    const health = await waitFor("a 200 from /api/health", async () => {
      const response = await fetch(`${url}${API.health}`);
      return response.status === 200 && ((await response.json()) as unknown);
    });
    expect(health).toEqual({
      status: "ok",
      database: { ok: true },
      // The head-only RPC answers none of the start probe's questions, so what kind of endpoint it is stays unknown.
      chain: { ok: true, chainId: CHAIN_ID, head: HEAD, endpoint: null },
      indexer: { ok: true, block: HEAD, lag: 0, maxLag: 30 },
      migrations: { ok: true, pending: 0 },
    });
    const settings = await fetch(`${url}${API.setting}`);
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({
      applicationName: DEFAULT_SETTINGS.applicationName,
      multiplyOf: DEFAULT_SETTINGS.multiplyOf.toString(),
    });

    const email = "first-admin@example.com";
    const created = await run(process.execPath, ["api/dist/admin-create.js", "--email", email], { cwd: ROOT, env });
    const password = /^Password: (\S+)$/m.exec(created.stdout)?.[1];
    expect(password, created.stdout).toBeDefined();
    const login = await fetch(`${url}${API.admin.login}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const { registerDetail } = (await login.json()) as { registerDetail: { _id: string } };
    const verified = await fetch(`${url}${API.admin.verifyOtp}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ _id: registerDetail._id, otp: await smtp.codeFor(email) }),
    });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ token: expect.any(String) });
    expect(api.child.exitCode).toBeNull();
  });
});
