import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { createDb, type Db } from "./database.ts";
import { MIGRATION_NAMES, migrateToLatest } from "./migrate.ts";
import { RENAMED_MIGRATIONS } from "./migration-renames.ts";
import * as uploadQuota from "./migrations/0021_upload-quota.ts";

let db: Db;

beforeAll(async () => {
  db = createDb(await createTestDatabase("migrate"), 1);
});
afterAll(() => db?.destroy());

const recorded = async () =>
  (await sql<{ name: string }>`SELECT name FROM app.kysely_migration ORDER BY timestamp, name`.execute(db)).rows.map(
    (row) => row.name,
  );

describe("migrateToLatest", () => {
  it("runs every migration of a fresh database in the order of their numbers", async () => {
    expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
    expect(await recorded()).toEqual(MIGRATION_NAMES);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("moves a database migrated under the dated names to the numbered ones without running anything again", async () => {
    // As the dated names ran: in the order of their dates, one after the other.
    const dated = Object.keys(RENAMED_MIGRATIONS).sort();
    await sql`DELETE FROM app.kysely_migration`.execute(db);
    for (const [index, name] of dated.entries()) {
      const ranAt = new Date(Date.UTC(2026, 10, 21, 10, 0, index)).toISOString();
      await sql`INSERT INTO app.kysely_migration (name, timestamp) VALUES (${name}, ${ranAt})`.execute(db);
    }
    // Migrations added since the numbering only ever had their numbered names.
    const renamed = new Set(Object.values(RENAMED_MIGRATIONS));
    for (const name of MIGRATION_NAMES.filter((name) => !renamed.has(name)))
      await sql`INSERT INTO app.kysely_migration (name, timestamp) VALUES (${name}, now())`.execute(db);

    expect(await migrateToLatest(db)).toEqual([]);
    expect(await recorded()).toEqual(MIGRATION_NAMES);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("refuses a database that ran a later migration but not an earlier one, rather than run them in another order", async () => {
    await uploadQuota.down(db);
    await sql`DELETE FROM app.kysely_migration WHERE name = '0021_upload-quota'`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(
      "expected previously executed migration 0022_blind-sign-in to be at index 20 but 0021_upload-quota was found",
    );
  });
});
