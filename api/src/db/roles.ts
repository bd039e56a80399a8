import { sql } from "kysely";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { CHAIN_VIEWS_SCHEMA } from "../chain/views.ts";
import { SCHEDULER_SCHEMA } from "../scheduler/scheduler.ts";
import { poolOf, type Db } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { ANALYST_ROLE } from "./migrations/0015_analytics.ts";

/**
 * The portal's database roles (docs/running.md, "Database roles"), the same names on every server. None is a superuser:
 * - owner: owns the database, the `app`, `analytics` and pg-boss schemas and every table in them; runs the
 *   migrations, installs pg-boss, manages the analyst role (CREATEROLE, for that role only) and runs restores.
 * - api: the API's runtime role; owns nothing. DML on the `app` tables, except INSERT and SELECT only on the
 *   audit trail; DML on pg-boss's tables; SELECT on the `chain` views.
 * - indexer: owns the `chain` schema and its Ponder schemas (CREATE on the database), where it publishes the views.
 */
export const DATABASE_ROLES = { owner: "pli_owner", api: "pli_api", indexer: "pli_indexer" } as const;
export type DatabaseRole = keyof typeof DATABASE_ROLES;

/**
 * The role a streaming replica signs in as (the analysts' replica, compose profile `replica`): LOGIN and REPLICATION
 * only. It reads the whole server's WAL, every table included, so its password stays with the replica.
 */
export const REPLICATION_ROLE = "pli_replicator";

/** The audit trail: the API may add and read records, never change or remove one. */
const AUDIT_TABLE = "audit_record";
/** Kysely's bookkeeping of the migrations: the API reads it (readiness), only the owner writes it. */
const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"];

/** `url` signed in as `role` with `password`. */
export function roleUrl(url: string, role: DatabaseRole, password: string): string {
  const next = new URL(url);
  next.username = DATABASE_ROLES[role];
  next.password = password;
  return next.toString();
}

/** A role's statement with a password literal, quoted by the server (a password is never part of the SQL text). */
async function withPassword(client: pg.Client, template: string, role: string, password: string) {
  const { rows } = await client.query<{ statement: string }>(`SELECT format($1, $2::text, $3::text) AS statement`, [
    template,
    role,
    password,
  ]);
  await client.query(rows[0]!.statement);
}

/**
 * Creates (or updates the passwords of) the three roles and hands `database` to the owner: run once per server and
 * database by a superuser (the stack runner's embedded Postgres, compose's `db-roles` service, the tests' server).
 * Objects an earlier version made as the superuser (everything, when it migrated and indexed as that user) change
 * owner: `app`, `analytics` and pg-boss's schema to the owner, `chain` and Ponder's schemas to the indexer.
 * Idempotent.
 */
export async function setUpDatabaseRoles(
  superuserUrl: string,
  database: string,
  passwords: Record<DatabaseRole, string>,
): Promise<void> {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('pli.database-roles'))");
    for (const role of Object.keys(DATABASE_ROLES) as DatabaseRole[]) {
      const name = DATABASE_ROLES[role];
      const attributes = role === "owner" ? "LOGIN CREATEROLE" : "LOGIN NOCREATEROLE";
      const { rowCount } = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [name]);
      const verb = rowCount ? "ALTER" : "CREATE";
      await withPassword(
        client,
        `${verb} ROLE %I ${attributes} NOSUPERUSER NOCREATEDB NOREPLICATION NOBYPASSRLS PASSWORD %L`,
        name,
        passwords[role],
      );
    }
    const { owner, indexer } = DATABASE_ROLES;
    await client.query(`GRANT ${indexer} TO ${owner}`);
    const { rowCount: analyst } = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [ANALYST_ROLE]);
    if (analyst) await client.query(`GRANT ${ANALYST_ROLE} TO ${owner} WITH ADMIN OPTION`);
    await client.query(`ALTER DATABASE ${client.escapeIdentifier(database)} OWNER TO ${owner}`);
    await client.query(`GRANT CREATE ON DATABASE ${client.escapeIdentifier(database)} TO ${indexer}`);
  } finally {
    await client.end();
  }
  const inDatabase = new URL(superuserUrl);
  inDatabase.pathname = `/${database}`;
  const db = new pg.Client({ connectionString: inDatabase.toString() });
  await db.connect();
  try {
    await db.query(`CREATE SCHEMA IF NOT EXISTS ${CHAIN_VIEWS_SCHEMA} AUTHORIZATION ${DATABASE_ROLES.indexer}`);
    await db.query(
      "SELECT set_config('pli.owned', $1, false), set_config('pli.owner', $2, false), set_config('pli.views', $3, false), set_config('pli.indexer', $4, false)",
      [`{app,analytics,${SCHEDULER_SCHEMA}}`, DATABASE_ROLES.owner, CHAIN_VIEWS_SCHEMA, DATABASE_ROLES.indexer],
    );
    await db.query(reassignSql);
  } finally {
    await db.end();
  }
}

/** Creates the replication role (or sets its password again), as a superuser. Idempotent. */
export async function setUpReplicationRole(superuserUrl: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('pli.database-roles'))");
    const { rowCount } = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [REPLICATION_ROLE]);
    await withPassword(
      client,
      `${rowCount ? "ALTER" : "CREATE"} ROLE %I LOGIN REPLICATION NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD %L`,
      REPLICATION_ROLE,
      password,
    );
  } finally {
    await client.end();
  }
}

/**
 * Gives the schemas `pli.owned` and what they hold to the role `pli.owner`, and `pli.views` and every `ponder_*`
 * schema (`ponder_sync` too) and what they hold to the role `pli.indexer`, wherever another role owns them (a DO block
 * takes no parameters: the session's settings carry them). Sequences a table owns follow their table; partitions
 * (pg-boss's job tables) do not, so each is handed over itself.
 */
const reassignSql = `
DO $$
DECLARE
  target record;
  item record;
BEGIN
  FOR target IN
    SELECT n.oid, n.nspname, CASE WHEN n.nspname = ANY (current_setting('pli.owned')::text[])
      THEN current_setting('pli.owner') ELSE current_setting('pli.indexer') END AS owner
    FROM pg_namespace AS n
    WHERE n.nspname = ANY (current_setting('pli.owned')::text[]) OR n.nspname = current_setting('pli.views')
      OR n.nspname LIKE 'ponder\\_%'
  LOOP
    IF pg_get_userbyid((SELECT nspowner FROM pg_namespace WHERE oid = target.oid)) <> target.owner THEN
      EXECUTE format('ALTER SCHEMA %I OWNER TO %I', target.nspname, target.owner);
    END IF;
    FOR item IN
      SELECT c.relname, c.relkind FROM pg_class AS c
      WHERE c.relnamespace = target.oid AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND pg_get_userbyid(c.relowner) <> target.owner
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend AS d WHERE d.classid = 'pg_class'::regclass
          AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')))
    LOOP
      EXECUTE format('ALTER %s %I.%I OWNER TO %I',
        CASE item.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
          WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
        target.nspname, item.relname, target.owner);
    END LOOP;
    FOR item IN
      SELECT p.oid::regprocedure AS routine FROM pg_proc AS p
      WHERE p.pronamespace = target.oid AND pg_get_userbyid(p.proowner) <> target.owner
    LOOP
      EXECUTE format('ALTER ROUTINE %s OWNER TO %I', item.routine, target.owner);
    END LOOP;
    FOR item IN
      SELECT t.typname FROM pg_type AS t
      WHERE t.typnamespace = target.oid AND t.typtype IN ('e', 'd', 'r') AND pg_get_userbyid(t.typowner) <> target.owner
    LOOP
      EXECUTE format('ALTER TYPE %I.%I OWNER TO %I', target.nspname, item.typname, target.owner);
    END LOOP;
  END LOOP;
END $$`;

/**
 * What has to be in place before the migrations, as the owner: the indexer may create its schemas, and `chain` is
 * the indexer's (the migrations' empty stand-ins in it are the owner's; Ponder replaces them as the schema's owner).
 */
async function prepareChainSchema(db: Db): Promise<void> {
  const { indexer } = DATABASE_ROLES;
  await sql`SELECT pg_advisory_lock(hashtext('pli.chain-schema'))`.execute(db);
  try {
    await sql`GRANT CREATE ON DATABASE ${sql.id(await currentDatabase(db))} TO ${sql.id(indexer)}`.execute(db);
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(CHAIN_VIEWS_SCHEMA)} AUTHORIZATION ${sql.id(indexer)}`.execute(db);
  } finally {
    await sql`SELECT pg_advisory_unlock(hashtext('pli.chain-schema'))`.execute(db);
  }
}

async function currentDatabase(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  return rows[0]!.name;
}

/** pg-boss's schema, installed or brought to this version's by the owner; the API's instances only use it. */
export async function installScheduler(db: Db): Promise<void> {
  const pool = poolOf(db);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: SCHEDULER_SCHEMA,
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/**
 * The API's runtime role's rights, granted again after every migration run (not ALTER DEFAULT PRIVILEGES): a grant
 * step reads what the catalog holds now, so a table a later migration adds, or one the owner recreated, or one made
 * by whoever ran a migration by hand is covered the same way, and the audit trail's exception is applied last every
 * time. Default privileges only follow tables the owner itself creates, and would grant UPDATE and DELETE on a new
 * append-only table until someone remembered to revoke them.
 */
export async function grantRuntimeAccess(db: Db): Promise<void> {
  const api = sql.id(DATABASE_ROLES.api);
  const indexer = sql.id(DATABASE_ROLES.indexer);
  const chain = sql.id(CHAIN_VIEWS_SCHEMA);
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('pli.runtime-access'))`.execute(trx);
    for (const schema of ["app", SCHEDULER_SCHEMA].map((name) => sql.id(name))) {
      await sql`GRANT USAGE ON SCHEMA ${schema} TO ${api}`.execute(trx);
      await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${api}`.execute(trx);
      await sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${api}`.execute(trx);
    }
    const readOnly = [...MIGRATION_TABLES].map((table) => sql.id("app", table));
    await sql`REVOKE INSERT, UPDATE, DELETE ON ${sql.join(readOnly)} FROM ${api}`.execute(trx);
    await sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${sql.id("app", AUDIT_TABLE)} FROM ${api}`.execute(
      trx,
    );
    await sql`GRANT USAGE ON SCHEMA ${chain} TO ${api}`.execute(trx);
    await sql`GRANT SELECT ON ALL TABLES IN SCHEMA ${chain} TO ${api}`.execute(trx);
    await sql`ALTER DEFAULT PRIVILEGES FOR ROLE ${indexer} IN SCHEMA ${chain} GRANT SELECT ON TABLES TO ${api}`.execute(
      trx,
    );
  });
}

/**
 * Everything the owner runs on a deploy, in order: the `chain` schema handed to the indexer, the migrations (up to
 * `only`, for a restore), pg-boss's schema and the runtime role's rights.
 */
export async function migrateDatabase(db: Db, only?: readonly string[]): Promise<string[]> {
  await prepareChainSchema(db);
  const applied = await migrateToLatest(db, only);
  await installScheduler(db);
  await grantRuntimeAccess(db);
  return applied;
}

/**
 * Why the API must not run as the role `db` signs in as, or null: a superuser, or a role that owns (or inherits the
 * ownership of) `app` tables, could switch the audit trail's trigger off and rewrite it.
 */
export async function runtimeRoleProblem(db: Db): Promise<string | null> {
  const { rows } = await sql<{ role: string; superuser: boolean; owned: number }>`
    SELECT current_user AS role, r.rolsuper AS superuser,
      (SELECT count(*)::int FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
        WHERE n.nspname = 'app' AND pg_has_role(c.relowner, 'USAGE')) AS owned
    FROM pg_roles AS r WHERE r.rolname = current_user`.execute(db);
  const row = rows[0];
  if (!row || (!row.superuser && row.owned === 0)) return null;
  return `DATABASE_URL signs in as ${row.role}, ${row.superuser ? "a superuser" : "an owner of the app tables"}: the API runs as its own role (${DATABASE_ROLES.api}), which owns nothing (docs/running.md, "Database roles")`;
}
