import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../../api/src/db/database.ts";
import { createDb } from "../../api/src/db/database.ts";
import { migrateToLatest } from "../../api/src/db/migrate.ts";
import { RUNTIME_FILE, STACK_DATABASE } from "./data-files.ts";
import { startPostgres } from "./postgres.ts";

/**
 * Runs an admin command's work on the portal's database, migrated: DATABASE_URL, else the database of
 * a running `npm start` (its runtime file under DATA_DIR), else the embedded Postgres started for the
 * command and stopped after it. An error's message is printed and the exit code set to 1.
 */
export async function withAdminDatabase(work: (db: Db) => Promise<void>): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  const runtimeFile = path.join(dataDir, RUNTIME_FILE);
  let stopPostgres: (() => Promise<void>) | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl && existsSync(runtimeFile))
    databaseUrl = (JSON.parse(readFileSync(runtimeFile, "utf8")) as { databaseUrl: string }).databaseUrl;
  if (!databaseUrl) {
    const pg = await startPostgres({ dataDir: path.join(dataDir, "postgres") });
    stopPostgres = () => pg.stop();
    databaseUrl = await pg.createDatabase(STACK_DATABASE);
  }
  const db = createDb(databaseUrl, 1);
  try {
    await migrateToLatest(db);
    await work(db);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await db.destroy();
    await stopPostgres?.();
  }
}
