import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { DATABASE_ROLES } from "@pli/api/db/roles";

/** A database name with `prefix`, unique in the run's Postgres server. */
function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString("hex")}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
}

async function createDatabase(name: string, template?: string): Promise<string> {
  const adminUrl = inject("postgresAdminUrl");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(
      `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""} OWNER ${DATABASE_ROLES.owner}`,
    );
    await client.query(`GRANT CREATE ON DATABASE ${name} TO ${DATABASE_ROLES.indexer}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a fresh, empty database in the run's Postgres server, owned by the owner role, and returns the superuser's
 * connection string of it (asRole gives the portal's roles').
 */
export async function createTestDatabase(prefix = "test"): Promise<string> {
  return createDatabase(uniqueName(prefix));
}

/**
 * Creates a fresh database with every migration already applied, a copy of the run's migrated
 * template (test/global-postgres.ts): copying costs a fraction of the CPU of running the migrations
 * on every test file's database. Tests of the migrations themselves use `createTestDatabase`.
 */
export async function createMigratedTestDatabase(prefix = "test"): Promise<string> {
  return createDatabase(uniqueName(prefix), inject("migratedTemplateDatabase"));
}
