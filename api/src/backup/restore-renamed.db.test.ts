import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { create as createTar, extract } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigratedTestDatabase, createTestDatabase } from "../../../test/database.ts";
import { asRole } from "../../../test/roles.ts";
import { createDb } from "../db/database.ts";
import { MIGRATION_NAMES } from "../db/migrate.ts";
import { RENAMED_MIGRATIONS } from "../db/migration-renames.ts";
import { restoreBackup } from "./restore.ts";
import { ARCHIVE_PATHS, MESSAGES, type Manifest } from "./schema.ts";
import { writeBackup } from "./write.ts";

/**
 * Archives taken before the migrations were numbered list them by date: a restore reads those names as the numbered
 * migrations they became, and still refuses a name it does not know.
 */
const dir = mkdtempSync(path.join(tmpdir(), "pli-restore-renamed-"));
const emptyUploads = path.join(dir, "uploads");
const numberOf = new Map(Object.entries(RENAMED_MIGRATIONS).map(([dated, numbered]) => [numbered, dated]));
let taken: string;
let settings: unknown[];

/** The archive taken, its manifest's migrations replaced by `migrations`. */
async function archiveListing(name: string, migrations: string[]): Promise<string> {
  const unpacked = mkdtempSync(path.join(dir, "unpacked-"));
  await extract({ file: taken, cwd: unpacked });
  const manifestFile = path.join(unpacked, ARCHIVE_PATHS.manifest);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, migrations }));
  const file = path.join(dir, `${name}.tar.gz`);
  await createTar({ gzip: true, file, cwd: unpacked }, readdirSync(unpacked));
  return file;
}

async function withDb<T>(databaseUrl: string, run: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(databaseUrl, 1);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

const settingRows = (databaseUrl: string) =>
  withDb(databaseUrl, async (db) => (await sql`SELECT * FROM app.setting`.execute(db)).rows);

beforeAll(async () => {
  const source = await createMigratedTestDatabase("renamed_source");
  await withDb(source, (db) =>
    sql`UPDATE app.setting SET application_name = 'Restored under numbered names'`.execute(db),
  );
  settings = await settingRows(source);
  mkdirSync(emptyUploads);
  taken = path.join(dir, "taken.tar.gz");
  await writeBackup({ databaseUrl: asRole(source, "api"), uploadDir: emptyUploads, out: taken });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("restoring an archive taken before the migrations were numbered", () => {
  it("rebuilds the schema under the numbered names and loads every row", async () => {
    const dated = MIGRATION_NAMES.map((name) => numberOf.get(name) ?? name);
    const archive = await archiveListing("dated", dated);
    const databaseUrl = await createTestDatabase("renamed_restored");

    await restoreBackup({ databaseUrl: asRole(databaseUrl, "owner"), uploadDir: path.join(dir, "restored"), archive });

    const recorded = await withDb(databaseUrl, async (db) =>
      (await sql<{ name: string }>`SELECT name FROM app.kysely_migration ORDER BY name`.execute(db)).rows.map(
        (row) => row.name,
      ),
    );
    expect(recorded).toEqual(MIGRATION_NAMES);
    expect(await settingRows(databaseUrl)).toEqual(settings);
  });

  it("refuses a name it does not know, or one that leaves out an earlier migration, before writing anything", async () => {
    const unknownName = "2026-12-15T09-00-00_not-a-migration";
    const withUnknown = MIGRATION_NAMES.map((name) => numberOf.get(name) ?? name).concat(unknownName);
    const withoutUploadQuota = MIGRATION_NAMES.filter((name) => name !== "0021_upload-quota").map(
      (name) => numberOf.get(name) ?? name,
    );
    for (const [archive, message] of [
      [await archiveListing("unknown", withUnknown), MESSAGES.unknownMigrations([unknownName])],
      [await archiveListing("skipped", withoutUploadQuota), MESSAGES.skippedMigrations(["0021_upload-quota"])],
    ] as const) {
      const databaseUrl = await createTestDatabase("renamed_refused");
      await expect(
        restoreBackup({ databaseUrl: asRole(databaseUrl, "owner"), uploadDir: path.join(dir, "refused"), archive }),
      ).rejects.toThrow(message);
      const schema = await withDb(
        databaseUrl,
        async (db) =>
          (await sql<{ found: boolean }>`SELECT to_regnamespace('app') IS NOT NULL AS found`.execute(db)).rows,
      );
      expect(schema).toEqual([{ found: false }]);
    }
  });
});
