import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { createDb, type Db } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import * as uploadQuota from "./migrations/2026-11-27T11-40-00_upload-quota.ts";

let db: Db;

beforeAll(async () => {
  db = createDb(await createTestDatabase("migrate"), 1);
});
afterAll(() => db?.destroy());

describe("migrateToLatest", () => {
  it("applies a migration that landed after a later-named one had already run on this database", async () => {
    await migrateToLatest(db);
    await uploadQuota.down(db);
    await db
      .deleteFrom("app.kysely_migration" as never)
      .where("name" as never, "=", "2026-11-27T11-40-00_upload-quota" as never)
      .execute();
    expect(await migrateToLatest(db)).toEqual(["2026-11-27T11-40-00_upload-quota"]);
    expect(await migrateToLatest(db)).toEqual([]);
  });
});
