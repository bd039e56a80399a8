import { sql } from "kysely";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYST_TEST_PASSWORD, connectAsAnalyst, failureCode } from "../../../test/analyst.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { asRole } from "../../../test/roles.ts";
import { applyAnalystAccess } from "./analyst-access.ts";
import { createDb, type Db } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { migrateDatabase } from "./roles.ts";

const ANALYTICS_VIEWS = ["audit_records", "incentives", "jobs", "node_days", "nodes", "requests"];
const INSUFFICIENT_PRIVILEGE = "42501";
const LOGIN_REFUSED = ["28000", "28P01"];

let urls: string[];
let dbs: Db[];
let analyst: pg.Client;

beforeAll(async () => {
  urls = [await createTestDatabase("analyst"), await createTestDatabase("analyst")];
  dbs = urls.map((url) => createDb(asRole(url, "owner"), 4));
  for (const db of dbs) await migrateDatabase(db);
  await applyAnalystAccess(dbs[0]!, ANALYST_TEST_PASSWORD);
  analyst = await connectAsAnalyst(urls[0]!);
});

afterAll(async () => {
  await analyst?.end();
  for (const db of dbs ?? []) await db.destroy();
});

const loginError = (url: string, password?: string) =>
  connectAsAnalyst(url, password).then(
    async (client) => {
      await client.end();
      return null;
    },
    (error: { code?: string }) => error.code,
  );

describe("the analyst role, as the owner role manages it", () => {
  it("logs in only with ANALYST_PASSWORD, and not at all without one", async () => {
    expect(await loginError(urls[0]!)).toBeNull();
    expect(LOGIN_REFUSED).toContain(await loginError(urls[0]!, `${ANALYST_TEST_PASSWORD}-wrong`));
    await applyAnalystAccess(dbs[0]!, undefined);
    expect(LOGIN_REFUSED).toContain(await loginError(urls[0]!));
    await applyAnalystAccess(dbs[0]!, ANALYST_TEST_PASSWORD);
    expect(await loginError(urls[1]!)).toBeNull();
  });

  it("survives API instances of several databases of one server applying it at the same moment", async () => {
    const runs = dbs.flatMap((db) => [1, 2, 3].map(() => applyAnalystAccess(db, ANALYST_TEST_PASSWORD)));
    await expect(Promise.all(runs)).resolves.toHaveLength(6);
    await expect(Promise.all(dbs.map((db) => migrateToLatest(db)))).resolves.toEqual([[], []]);
  });

  it("reads every analytics view, and none shows secrets or personal data", async () => {
    const { rows } = await analyst.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.views WHERE table_schema = 'analytics' ORDER BY table_name",
    );
    expect(rows.map((row) => row.table_name)).toEqual(ANALYTICS_VIEWS);
    for (const view of ANALYTICS_VIEWS)
      expect(await failureCode(analyst, `SELECT * FROM analytics.${view} LIMIT 1`), view).toBeNull();
    const columns = await sql<{
      column_name: string;
    }>`SELECT column_name FROM information_schema.columns WHERE table_schema = 'analytics'`.execute(dbs[0]!);
    const exposed = columns.rows
      .map((row) => row.column_name)
      .filter((name) => /email|password|hash$|otp|totp|secret|nonce|session|ipaddress|notes|description/.test(name));
    expect(exposed).toEqual([]);
  });

  it("cannot read app tables, nor write or create anything in chain, analytics, app or public", async () => {
    for (const table of ["operator", "admin", "node", "incentive", "otp_challenge", "siwe_nonce"]) {
      expect(await failureCode(analyst, `SELECT * FROM app.${table}`), table).toBe(INSUFFICIENT_PRIVILEGE);
    }
    const refused = [
      "UPDATE app.incentive SET paid_tx = NULL",
      "DELETE FROM app.node",
      "INSERT INTO app.stake_request (status) VALUES ('Approved')",
      ...["chain", "analytics", "app", "public"].flatMap((schema) => [
        `CREATE TABLE ${schema}.mine (id int)`,
        `CREATE VIEW ${schema}.mine AS SELECT 1 AS one`,
      ]),
      "CREATE SCHEMA mine",
      "SELECT app.chain_stake_position()",
    ];
    for (const statement of refused)
      expect(await failureCode(analyst, statement), statement).toBe(INSUFFICIENT_PRIVILEGE);
    const writes = [
      "INSERT INTO analytics.requests (status) VALUES ('Approved')",
      "UPDATE analytics.nodes SET status = 'Approved'",
      "DELETE FROM analytics.incentives",
      "TRUNCATE analytics.nodes",
      "INSERT INTO chain.stake_position (wallet) VALUES ('0x')",
      "DELETE FROM chain.stake_event",
    ];
    for (const statement of writes) expect(await failureCode(analyst, statement), statement).not.toBeNull();
  });
});
