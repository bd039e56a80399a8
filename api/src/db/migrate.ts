import { Migrator, type MigrationProvider } from "kysely";
import type { Db } from "./database.ts";
import { MIGRATIONS } from "./migration-list.ts";
import { renameAppliedMigrations } from "./migration-renames.ts";

/** The names of every migration this version of the portal knows, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

/**
 * Brings the `app` schema up to date, or only up to the migrations named in `only` (a restore first
 * rebuilds the schema its backup was taken at); throws with the failing migration's name.
 */
export async function migrateToLatest(db: Db, only?: readonly string[]): Promise<string[]> {
  const chosen = only
    ? Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => only.includes(name)))
    : MIGRATIONS;
  const provider: MigrationProvider = { getMigrations: async () => chosen };
  await renameAppliedMigrations(db);
  // One order everywhere: a database that ran anything but the first migrations of the list is refused.
  const migrator = new Migrator({ db, provider, migrationTableSchema: "app", allowUnorderedMigrations: false });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return results.map((result) => result.migrationName);
}
