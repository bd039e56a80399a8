import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type pg from "pg";
import { createPublicClient, custom } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYST_TEST_PASSWORD, connectAsAnalyst } from "../../../test/analyst.ts";
import { asRole, TEST_ROLE_PASSWORDS } from "../../../test/roles.ts";
import { startPostgres, type Postgres } from "../../../scripts/lib/postgres.ts";
import { startReplica, type Replica } from "../../../scripts/lib/postgres-replica.ts";
import { applyAnalystAccess } from "../db/analyst-access.ts";
import { createDb, type Db } from "../db/database.ts";
import { migrateDatabase, REPLICATION_ROLE, setUpDatabaseRoles, setUpReplicationRole } from "../db/roles.ts";
import { LiveHub } from "../live/index.ts";
import { createApiMetrics } from "../metrics/index.ts";
import { readReplicaLag } from "./replica.ts";
import { currentHealth } from "./service.ts";

const DATABASE = "replica_test";
const NODE_NAME = "replica-test-node";
const REPLICATION_PASSWORD = "replication-test-password-0123";

let dir: string;
let primary: Postgres;
/** The superuser's URL of the test's database on the primary. */
let url: () => string;
let replica: Replica;
/** The API's role on the primary and on the replica, as ANALYST_REPLICA_URL connects. */
let api: Db;
let apiOnReplica: Db;
let owner: Db;
let analyst: pg.Client;

/**
 * A server of its own and a streaming replica of it (the run's shared server holds every test's database: copying it
 * would cost far more than this one's few megabytes).
 */
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "pli-replica-test-"));
  primary = await startPostgres({ dataDir: path.join(dir, "primary"), ephemeral: true });
  const databaseUrl = await primary.createDatabase(DATABASE);
  url = () => databaseUrl;
  await setUpDatabaseRoles(primary.url(), DATABASE, TEST_ROLE_PASSWORDS);
  owner = createDb(asRole(databaseUrl, "owner"), 2);
  await migrateDatabase(owner);
  await applyAnalystAccess(owner, ANALYST_TEST_PASSWORD);
  api = createDb(asRole(databaseUrl, "api"), 2);
  await setUpReplicationRole(primary.url(), REPLICATION_PASSWORD);
  replica = await startReplica(databaseUrl, {
    dataDir: path.join(dir, "replica"),
    slot: "analyst_replica",
    streamAs: { user: REPLICATION_ROLE, password: REPLICATION_PASSWORD },
  });
  await replica.caughtUp();
  apiOnReplica = createDb(asRole(replica.url(DATABASE), "api"), 1);
  analyst = await connectAsAnalyst(replica.url(DATABASE));
}, 120_000);

afterAll(async () => {
  await analyst?.end();
  for (const db of [api, apiOnReplica, owner]) await db?.destroy();
  await replica?.stop();
  await primary?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const nodesNamed = async () =>
  Number(
    (await analyst.query<{ n: string }>("SELECT count(*) AS n FROM analytics.nodes WHERE name = $1", [NODE_NAME]))
      .rows[0]!.n,
  );

describe("the analysts' replica", () => {
  it("streams as the replication role, which can read no table of the portal", async () => {
    const superuser = createDb(url(), 1);
    try {
      const { rows } = await sql<{ usename: string; state: string }>`
        SELECT usename, state FROM pg_stat_replication WHERE application_name = 'analyst_replica'`.execute(superuser);
      expect(rows).toEqual([{ usename: REPLICATION_ROLE, state: "streaming" }]);
      const { rows: role } = await sql<{ rolreplication: boolean; rolsuper: boolean; reads: boolean }>`
        SELECT rolreplication, rolsuper, has_table_privilege(rolname, 'app.operator', 'SELECT') AS reads
        FROM pg_roles WHERE rolname = ${REPLICATION_ROLE}`.execute(superuser);
      expect(role).toEqual([{ rolreplication: true, rolsuper: false, reads: false }]);
    } finally {
      await superuser.destroy();
    }
  });

  it("never shows the analyst a row whose transaction on the primary has not committed", async () => {
    await owner.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO app.operator (wallet_address, email, user_role, twofa_enabled)
        VALUES ('0x00000000000000000000000000000000000a11ce', 'replica@example.com', 'Validator', false) RETURNING id`.execute(
        trx,
      );
      await sql`
        INSERT INTO app.node (operator_id, wallet_address, name, provider, ipaddress, os, ram, storage, security,
          oracle_address, node_address, status)
        VALUES (${rows[0]!.id}, '0x00000000000000000000000000000000000a11ce', ${NODE_NAME}, 'AWS', '10.0.0.1',
          'Ubuntu 24.04', 32, 500, '6.8', '0x00000000000000000000000000000000000b0b01',
          '0x00000000000000000000000000000000000b0b02', 'Active')`.execute(trx);
      // The open transaction's rows are in the WAL the replica has replayed, and still not shown.
      await replica.caughtUp();
      expect(await nodesNamed()).toBe(0);
    });
    await replica.caughtUp();
    expect(await nodesNamed()).toBe(1);
  });

  it("reports its lag to the API's role: none once caught up, bytes and seconds while its replay is held", async () => {
    await replica.caughtUp();
    expect(await readReplicaLag(api, apiOnReplica)).toEqual({ ok: true, lagBytes: 0, lagSeconds: 0 });
    const superuser = createDb(replica.url(DATABASE), 1);
    try {
      await sql`SELECT pg_wal_replay_pause()`.execute(superuser);
      await sql`UPDATE app.setting SET updated_at = now()`.execute(owner);
      await sql`SELECT pg_sleep(0.3)`.execute(owner);
      const behind = await readReplicaLag(api, apiOnReplica);
      expect(behind.ok).toBe(true);
      expect(behind.lagBytes).toBeGreaterThan(0);
      expect(behind.lagSeconds).toBeGreaterThan(0);
      await sql`SELECT pg_wal_replay_resume()`.execute(superuser);
    } finally {
      await superuser.destroy();
    }
    await replica.caughtUp();
    expect((await readReplicaLag(api, apiOnReplica)).lagBytes).toBe(0);
  });

  it("is a detail of the readiness answer, and one it cannot reach leaves the API's readiness as it was", async () => {
    // Each chain client has its own cached answer (health/service.ts): a new one asks afresh.
    const chain = () => createPublicClient({ transport: custom({ request: async () => "0x10" }) });
    const limits = { chainId: 31337, maxLag: 1_000_000 };
    await replica.caughtUp();
    expect((await currentHealth(api, chain(), limits, apiOnReplica)).replica).toEqual({
      ok: true,
      lagBytes: 0,
      lagSeconds: 0,
    });
    const without = await currentHealth(api, chain(), limits);
    expect(without).not.toHaveProperty("replica");
    const unreachable = createDb(asRole(replica.url(DATABASE), "api").replace(/:\d+\//, ":9/"), 1);
    try {
      const answer = await currentHealth(api, chain(), limits, unreachable);
      expect(answer.replica).toEqual({ ok: false, lagBytes: null, lagSeconds: null });
      expect({ ...answer, replica: undefined }).toEqual({ ...without, replica: undefined });
    } finally {
      await unreachable.destroy();
    }
  });

  it("is a metric of the API: WAL bytes and seconds behind, absent without a replica", async () => {
    const scrape = async (analystReplica?: Db) => {
      const metrics = createApiMetrics({
        config: {
          DATABASE_URL: asRole(url(), "api"),
          CHAIN_ID: 31337,
          READY_MAX_LAG_BLOCKS: 1_000_000,
          METRICS_PORT: undefined,
          METRICS_HOST: "127.0.0.1",
          METRICS_TOKEN: undefined,
        },
        db: api,
        analystReplica,
        chain: createPublicClient({ transport: custom({ request: async () => "0x10" }) }),
        live: new LiveHub(),
      });
      try {
        const text = await metrics.registry.metrics();
        return text.split("\n").filter((line) => line.startsWith("pli_analyst_replica_lag"));
      } finally {
        await metrics.close();
      }
    };
    await replica.caughtUp();
    expect(await scrape(apiOnReplica)).toEqual([
      "pli_analyst_replica_lag_bytes 0",
      "pli_analyst_replica_lag_seconds 0",
    ]);
    expect(await scrape()).toEqual([]);
  });
});
