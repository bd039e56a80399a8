/**
 * `npm run admin:create -- --email E [--name N]`: creates an admin and prints its generated password.
 * Uses DATABASE_URL, else the database of a running `npm start`, else starts the embedded Postgres.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { provisionAdmin } from "../api/src/admin/provision.ts";
import { createDb } from "../api/src/db/database.ts";
import { migrateToLatest } from "../api/src/db/migrate.ts";
import { startPostgres } from "./lib/postgres.ts";
import { RUNTIME_FILE, STACK_DATABASE } from "./lib/data-files.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
if (!values.email) {
  console.error("Usage: npm run admin:create -- --email admin@example.com [--name 'Jane Doe']");
  process.exit(2);
}

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const runtimeFile = path.join(dataDir, RUNTIME_FILE);
let stopPostgres: (() => Promise<void>) | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl && existsSync(runtimeFile)) databaseUrl = (JSON.parse(readFileSync(runtimeFile, "utf8")) as { databaseUrl: string }).databaseUrl;
if (!databaseUrl) {
  const pg = await startPostgres({ dataDir: path.join(dataDir, "postgres") });
  stopPostgres = () => pg.stop();
  databaseUrl = await pg.createDatabase(STACK_DATABASE);
}

const db = createDb(databaseUrl, 1);
try {
  await migrateToLatest(db);
  const { admin, password } = await provisionAdmin(db, { email: values.email, name: values.name });
  console.log(`Admin created: ${admin.email}\nPassword: ${password}\nKeep it safe: it is not shown again. Change it under Setting after signing in.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db.destroy();
  await stopPostgres?.();
}
