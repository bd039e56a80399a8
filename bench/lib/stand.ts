import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { sql } from "kysely";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAdmin } from "@pli/api/admin";
import { signSession } from "@pli/api/auth";
import { API, USER_TYPE } from "@pli/api/public-contract";
import { createDb, type Db } from "@pli/api/db/database";
import { migrateToLatest } from "@pli/api/db/migrate";
import { DATABASE_ROLES, migrateDatabase, roleUrl, setUpDatabaseRoles } from "@pli/api/db/roles";
import { ensureDefaultSettings } from "@pli/api/setting";
import { BENCH_INDEXER_SCHEMA } from "./chain-tables.ts";
import { freePort } from "../../scripts/lib/ports.ts";
import { buildPrograms, PRODUCTION_PROGRAMS } from "../../scripts/lib/production-build.ts";
import { startPostgres } from "../../scripts/lib/postgres.ts";
import { startService, type Service } from "../../scripts/lib/service.ts";
import { waitFor } from "../../scripts/lib/wait.ts";

const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";

const randomHex = () => randomBytes(24).toString("hex");

/**
 * With EXPLAIN=1 Postgres logs the plan of every statement the API runs, with its real rows, times and buffers
 * (auto_explain, as EXPLAIN (ANALYZE, BUFFERS) prints it), and the benches print each case's plans instead of loading it.
 */
const EXPLAIN = process.env.EXPLAIN === "1";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A seeded database with the API (as in production) and the bare Hono route, each in its own process. */
export interface Stand {
  api: string;
  bare: string;
  databaseUrl: string;
  /** The seeded database (2 connections), e.g. to pick an operator. */
  db: Db;
  adminToken: string;
  /** The API's, the bare server's and Postgres' process ids (for CPU time per request). */
  pids: { server: number; bare: number; postgres: number };
  /** A session token of the seeded operator `id` (2FA on, as the seeds make them). */
  operatorToken(id: string): Promise<string>;
  /** A real write to a portal table, as an admin saving the settings makes: it empties the API's answer cache. */
  write(): Promise<unknown>;
  /** With EXPLAIN=1: the plans Postgres logged since the last call (see EXPLAIN above). */
  plans?: () => string;
}

/**
 * Runs `body` against a fresh embedded Postgres, migrated and filled by `seed`, with the API started as
 * in production (api/src/server.ts compiled as the production build compiles it, @hono/node-server, its own
 * process) and bench/lib/bare-hono.ts next to it; stops everything afterwards. With PROFILE_DIR set, the API writes a CPU profile there
 * (`node --cpu-prof`) when it stops; with PERF_MAP=1 it writes the map of its JavaScript's code for `perf record -p`
 * (`node --perf-basic-prof`). With HOLD=1 the stand stays up after `body` until Ctrl-C, its
 * URLs, database and admin token printed, for EXPLAIN ANALYZE or a manual look.
 */
export async function withStand(
  name: string,
  seed: (databaseUrl: string, db: Db) => Promise<unknown>,
  body: (stand: Stand) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), `pli-bench-${name}-`));
  const programs = `api/.bench-dist-${randomBytes(4).toString("hex")}`;
  let logged = "";
  const pg = await startPostgres({
    dataDir: path.join(dir, "pg"),
    ephemeral: true,
    ...(EXPLAIN ? { log: (text: string) => (logged += text) } : {}),
  });
  const services: Service[] = [];
  try {
    const databaseUrl = await pg.createDatabase("bench");
    const db = createDb(databaseUrl, 2);
    await migrateToLatest(db);
    await ensureDefaultSettings(db);
    const started = performance.now();
    const seeded = await seed(databaseUrl, db);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(seeded)}`);
    if (EXPLAIN)
      for (const setting of [
        "session_preload_libraries = 'auto_explain'",
        "auto_explain.log_min_duration = 0",
        "auto_explain.log_analyze = on",
        "auto_explain.log_buffers = on",
      ])
        await sql.raw(`ALTER DATABASE bench SET ${setting}`).execute(db);
    // The API signs in as its own role, as a deployment runs it (it refuses a superuser in production); the seeds' chain
    // tables stand in for Ponder's, read through views the indexer's role owns.
    const passwords = { owner: randomHex(), api: randomHex(), indexer: randomHex() };
    await setUpDatabaseRoles(pg.url(), "bench", passwords);
    await sql`GRANT USAGE ON SCHEMA ${sql.id(BENCH_INDEXER_SCHEMA)} TO ${sql.id(DATABASE_ROLES.indexer)}`.execute(db);
    await sql`GRANT SELECT ON ALL TABLES IN SCHEMA ${sql.id(BENCH_INDEXER_SCHEMA)} TO ${sql.id(DATABASE_ROLES.indexer)}`.execute(
      db,
    );
    await migrateDatabase(db);
    const admin = await createAdmin(db, {
      email: "bench-admin@example.com",
      name: "Bench Admin",
      passwordHash: "unused",
    });
    const adminToken = await signSession(
      { sub: admin.id, userType: USER_TYPE.admin, name: admin.name, email: admin.email, ver: admin.session_version },
      JWT_SECRET,
      3600,
    );
    const operatorToken = async (id: string) => {
      const operator = await db
        .selectFrom("app.operator")
        .select(["wallet_address", "email", "session_version"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return signSession(
        {
          sub: id,
          userType: USER_TYPE.user,
          walletAddress: operator.wallet_address,
          name: "",
          email: operator.email ?? "",
          ver: operator.session_version,
        },
        JWT_SECRET,
        3600,
      );
    };

    const [apiPort, barePort] = [await freePort(), await freePort()];
    const logFile = path.join(dir, "servers.log");
    const profile = process.env.PROFILE_DIR
      ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.PROFILE_DIR)}`]
      : process.env.PERF_MAP === "1"
        ? ["--perf-basic-prof"]
        : [];
    await buildPrograms(programs, { server: PRODUCTION_PROGRAMS["api/dist"].server });
    const node = (script: string, env: Record<string, string>, flags: string[] = []) =>
      startService({ name: script, command: process.execPath, args: [...flags, script], env, logFile });
    services.push(
      node(
        path.join(ROOT, programs, "server.js"),
        {
          APP_ENV: "production",
          API_PORT: String(apiPort),
          DATABASE_URL: roleUrl(databaseUrl, "api", passwords.api),
          RPC_URL: "http://127.0.0.1:9",
          CHAIN_ID: "31337",
          PLI_TOKEN_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
          STAKING_ADDRESS: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
          FARM_ADDRESS: "0x9fE46736679d2D9a65F0592F2260aDf7c5e4Ed4c",
          JWT_SECRET,
          WEBHOOK_SECRET_KEY: "0123456789abcdef".repeat(4),
          SMTP_URL: "smtp://127.0.0.1:9",
          SCHEDULER_ENABLED: "false",
          UPLOAD_DIR: path.join(dir, "uploads"),
          OUTBOX_DIR: path.join(dir, "outbox"),
        },
        profile,
      ),
      node("bench/lib/bare-hono.ts", { BARE_PORT: String(barePort) }, ["--import", "tsx"]),
    );
    const api = `http://127.0.0.1:${apiPort}`;
    const bare = `http://127.0.0.1:${barePort}/`;
    await waitFor(
      "the API and the bare server",
      async () => (await fetch(`${api}${API.config}`)).ok && (await fetch(bare)).ok,
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    const pids = { server: services[0]!.process.pid!, bare: services[1]!.process.pid!, postgres: pg.pid };
    const write = () => db.updateTable("app.setting").set({ updated_at: new Date() }).execute();
    const plans = () => {
      const text = logged;
      logged = "";
      return text;
    };
    const stand = { api, bare, databaseUrl, db, adminToken, pids, operatorToken, write, ...(EXPLAIN ? { plans } : {}) };
    await body(stand);
    if (process.env.HOLD === "1") {
      console.log(
        `\nholding: API ${api}, bare ${bare}\nDATABASE_URL=${databaseUrl}\nadmin token: ${adminToken}\nCtrl-C to stop`,
      );
      await new Promise<void>((resolve) => process.once("SIGINT", () => resolve()));
    }
    await db.destroy();
  } finally {
    for (const service of services) await service.stop();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.join(ROOT, programs), { recursive: true, force: true });
  }
}
