import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/** Creates a fresh, empty database in the run's Postgres server and returns its connection string. */
export async function createTestDatabase(prefix = "test"): Promise<string> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `${prefix}_${randomBytes(5).toString("hex")}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
