import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@pli/api/db/database";
import { createDb } from "@pli/api/db/database";
import { migrateDatabase } from "@pli/api/db/roles";
import { RUNTIME_FILE } from "./data-files.ts";
import { startPostgres } from "./postgres.ts";
import { embeddedPortalDatabase } from "./stack-database.ts";

/**
 * Runs an admin command's work on the portal's database as the API's role: DATABASE_URL (migrated first as the owner
 * when DATABASE_OWNER_URL is given too; otherwise the deploy has migrated it), else the database of a running
 * `npm start` (its runtime file under DATA_DIR), else the embedded Postgres started for the command and stopped
 * after it, both migrated first. An error's message is printed and the exit code set to 1.
 */
export async function withAdminDatabase(work: (db: Db) => Promise<void>): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  const runtimeFile = path.join(dataDir, RUNTIME_FILE);
  let stopPostgres: (() => Promise<void>) | undefined;
  let databaseUrl = process.env.DATABASE_URL || undefined;
  let ownerUrl = process.env.DATABASE_OWNER_URL || undefined;
  try {
    if (!databaseUrl && existsSync(runtimeFile)) {
      const runtime = JSON.parse(readFileSync(runtimeFile, "utf8")) as {
        databaseUrl: string;
        ownerDatabaseUrl: string;
      };
      databaseUrl = runtime.databaseUrl;
      ownerUrl = runtime.ownerDatabaseUrl;
    }
    if (!databaseUrl) {
      const pg = await startPostgres({ dataDir: path.join(dataDir, "postgres") });
      stopPostgres = () => pg.stop();
      const database = await embeddedPortalDatabase(pg, dataDir);
      databaseUrl = database.api;
      ownerUrl = database.owner;
    }
    if (ownerUrl) {
      const owner = createDb(ownerUrl, 1);
      try {
        await migrateDatabase(owner);
      } finally {
        await owner.destroy();
      }
    }
    const db = createDb(databaseUrl, 1);
    try {
      await work(db);
    } finally {
      await db.destroy();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await stopPostgres?.();
  }
}
