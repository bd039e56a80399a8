import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { createMigratedTestDatabase, createTestDatabase } from "../../../test/database.ts";
import { asRole, TEST_ROLE_PASSWORDS } from "../../../test/roles.ts";
import { SCHEDULER_SCHEMA } from "../scheduler/scheduler.ts";
import { createDb } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { DATABASE_ROLES, installScheduler, migrateDatabase, runtimeRoleProblem, setUpDatabaseRoles } from "./roles.ts";

let databaseUrl: string;
const clients: pg.Client[] = [];

async function connect(role: "api" | "indexer" | "owner") {
  const client = new pg.Client({ connectionString: asRole(databaseUrl, role) });
  await client.connect();
  clients.push(client);
  return client;
}

/** Postgres's refusal of `statement` (SQLSTATE and message), or null when it runs. */
async function refusal(client: pg.Client, statement: string) {
  try {
    await client.query(statement);
    return null;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code, message };
  }
}

beforeAll(async () => {
  databaseUrl = await createMigratedTestDatabase("roles");
});
afterAll(async () => {
  for (const client of clients) await client.end();
});

describe("the API's runtime role", () => {
  it("adds and reads audit records, and cannot rewrite history, switch triggers off, create, or run programs", async () => {
    const api = await connect("api");
    await api.query(
      "INSERT INTO app.audit_record (client_address, action, record_type) VALUES ('127.0.0.1', 'test', 'job')",
    );
    expect((await api.query("SELECT action FROM app.audit_record")).rows).toEqual([{ action: "test" }]);

    const refused: [string, string][] = [
      ["UPDATE app.audit_record SET action = 'rewritten'", "permission denied for table audit_record"],
      ["DELETE FROM app.audit_record", "permission denied for table audit_record"],
      ["TRUNCATE app.audit_record", "permission denied for table audit_record"],
      ["ALTER TABLE app.audit_record DISABLE TRIGGER audit_record_append_only", "must be owner of table audit_record"],
      ["SET session_replication_role = replica", 'permission denied to set parameter "session_replication_role"'],
      ["CREATE TABLE app.planted (id int)", "permission denied for schema app"],
      ["COPY (SELECT 1) TO PROGRAM 'id'", "permission denied to COPY to or from an external program"],
    ];
    for (const [statement, message] of refused) {
      const answer = await refusal(api, statement);
      expect(answer?.code, statement).toBe("42501");
      expect(answer?.message, statement).toContain(message);
    }
    expect((await api.query("SELECT count(*)::int AS n FROM app.audit_record")).rows).toEqual([{ n: 1 }]);
  });

  it("owns no table, and none of the portal's roles is a superuser or may create roles but the owner", async () => {
    const api = await connect("api");
    const { rows: owned } = await api.query(
      "SELECT count(*)::int AS n FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles WHERE rolname = $1)",
      [DATABASE_ROLES.api],
    );
    expect(owned).toEqual([{ n: 0 }]);
    const { rows } = await api.query<{ rolname: string; rolsuper: boolean; rolcreaterole: boolean }>(
      "SELECT rolname, rolsuper, rolcreaterole FROM pg_roles WHERE rolname = ANY ($1) ORDER BY rolname",
      [Object.values(DATABASE_ROLES)],
    );
    expect(rows).toEqual([
      { rolname: DATABASE_ROLES.api, rolsuper: false, rolcreaterole: false },
      { rolname: DATABASE_ROLES.indexer, rolsuper: false, rolcreaterole: false },
      { rolname: DATABASE_ROLES.owner, rolsuper: false, rolcreaterole: true },
    ]);
  });
});

describe("the API's start", () => {
  it("names the problem of a DATABASE_URL that signs in as a superuser or the owner, and none of the API's role", async () => {
    const problemOf = async (url: string) => {
      const db = createDb(url, 1);
      try {
        return await runtimeRoleProblem(db);
      } finally {
        await db.destroy();
      }
    };
    expect(await problemOf(asRole(databaseUrl, "api"))).toBeNull();
    expect(await problemOf(asRole(databaseUrl, "owner"))).toBe(
      `DATABASE_URL signs in as ${DATABASE_ROLES.owner}, an owner of the app tables: the API runs as its own role (${DATABASE_ROLES.api}), which owns nothing (docs/running.md, "Database roles")`,
    );
    expect(await problemOf(databaseUrl)).toMatch(/^DATABASE_URL signs in as postgres, a superuser: /);
  });
});

describe("the indexer's role", () => {
  it("cannot read or change the app schema, nor create in it", async () => {
    const indexer = await connect("indexer");
    for (const statement of [
      "SELECT * FROM app.admin",
      "INSERT INTO app.audit_record (client_address, action, record_type) VALUES ('x', 'x', 'x')",
      "UPDATE app.operator SET email = NULL",
      "CREATE TABLE app.planted (id int)",
    ]) {
      const answer = await refusal(indexer, statement);
      expect(answer?.code, statement).toBe("42501");
      expect(answer?.message, statement).toMatch(/^permission denied for (table|schema) /);
    }
  });

  it("publishes a chain view in place of the migrations' stand-in, which the API's role then reads", async () => {
    const indexer = await connect("indexer");
    await indexer.query("BEGIN");
    await indexer.query("CREATE SCHEMA ponder_roles_test");
    await indexer.query("CREATE TABLE ponder_roles_test.stake_event AS SELECT 'w'::text AS wallet");
    await indexer.query("DROP VIEW IF EXISTS chain.stake_event");
    await indexer.query("CREATE VIEW chain.stake_event AS SELECT * FROM ponder_roles_test.stake_event");
    await indexer.query("COMMIT");
    const api = await connect("api");
    expect((await api.query("SELECT wallet FROM chain.stake_event")).rows).toEqual([{ wallet: "w" }]);
    expect((await refusal(api, "SELECT * FROM ponder_roles_test.stake_event"))?.code).toBe("42501");
  });
});

describe("a database an earlier version migrated and indexed as the superuser", () => {
  it("is handed to the owner and the indexer, after which the owner migrates and the API works in it", async () => {
    const url = await createTestDatabase("upgraded");
    const database = new URL(url).pathname.slice(1);
    const superuser = createDb(url, 1);
    try {
      await migrateToLatest(superuser);
      await installScheduler(superuser);
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await old.query("ALTER SCHEMA chain OWNER TO CURRENT_USER");
      await old.query("CREATE SCHEMA ponder_old AUTHORIZATION CURRENT_USER");
      await old.query("CREATE TABLE ponder_old.stake_event AS SELECT 'w'::text AS wallet");
      await old.query("DROP VIEW chain.stake_event");
      await old.query("CREATE VIEW chain.stake_event AS SELECT * FROM ponder_old.stake_event");
      await old.end();
    } finally {
      await superuser.destroy();
    }

    await setUpDatabaseRoles(inject("postgresAdminUrl"), database, TEST_ROLE_PASSWORDS);
    const owner = createDb(asRole(url, "owner"), 1);
    try {
      await migrateDatabase(owner);
    } finally {
      await owner.destroy();
    }

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const { rows } = await check.query<{ schema: string; owner: string }>(
      `SELECT DISTINCT n.nspname AS schema, pg_get_userbyid(c.relowner) AS owner FROM pg_class AS c
       JOIN pg_namespace AS n ON n.oid = c.relnamespace
       WHERE n.nspname IN ('app', 'analytics', $1, 'chain', 'ponder_old') ORDER BY 1, 2`,
      [SCHEDULER_SCHEMA],
    );
    await check.end();
    expect(rows).toEqual([
      { schema: "analytics", owner: DATABASE_ROLES.owner },
      { schema: "app", owner: DATABASE_ROLES.owner },
      { schema: "chain", owner: DATABASE_ROLES.indexer },
      { schema: SCHEDULER_SCHEMA, owner: DATABASE_ROLES.owner },
      { schema: "ponder_old", owner: DATABASE_ROLES.indexer },
    ]);
    const api = new pg.Client({ connectionString: asRole(url, "api") });
    await api.connect();
    clients.push(api);
    expect((await api.query("SELECT wallet FROM chain.stake_event")).rows).toEqual([{ wallet: "w" }]);
    await api.query("INSERT INTO app.audit_record (client_address, action, record_type) VALUES ('x', 'x', 'x')");
    expect((await refusal(api, "DELETE FROM app.audit_record"))?.code).toBe("42501");
    const indexer = new pg.Client({ connectionString: asRole(url, "indexer") });
    await indexer.connect();
    clients.push(indexer);
    await indexer.query("DROP VIEW chain.stake_event");
  });
});
