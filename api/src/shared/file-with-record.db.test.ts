import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { createDb, type Db } from "../db/database.ts";
import { writeFileWithRecord } from "./file-with-record.ts";

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), "pli-file-record-"));
const bytes = new TextEncoder().encode("content");

beforeAll(async () => {
  db = createDb(await createTestDatabase("file-record"), 2);
  await sql`create table record (name text primary key, other text references record (name) deferrable initially deferred)`.execute(
    db,
  );
});
afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const names = async () =>
  (await sql<{ name: string }>`select name from record order by name`.execute(db)).rows.map((row) => row.name);
const insert =
  (name: string, other: string | null = null) =>
  (trx: Db) =>
    sql`insert into record (name, other) values (${name}, ${other})`.execute(trx);

describe("writeFileWithRecord", () => {
  it("writes the file and commits the record together", async () => {
    await writeFileWithRecord(db, path.join(dir, "a.txt"), bytes, insert("a"));
    expect(existsSync(path.join(dir, "a.txt"))).toBe(true);
    expect(await names()).toEqual(["a"]);
  });

  it("writes no file when the record fails", async () => {
    await expect(writeFileWithRecord(db, path.join(dir, "dup.txt"), bytes, insert("a"))).rejects.toThrow();
    expect(existsSync(path.join(dir, "dup.txt"))).toBe(false);
  });

  it("keeps no record when the file cannot be written (it exists already)", async () => {
    await expect(writeFileWithRecord(db, path.join(dir, "a.txt"), bytes, insert("b"))).rejects.toThrow();
    expect(await names()).toEqual(["a"]);
  });

  it("removes the written file when the commit fails", async () => {
    await expect(writeFileWithRecord(db, path.join(dir, "c.txt"), bytes, insert("c", "missing"))).rejects.toThrow(
      /foreign key/,
    );
    expect(existsSync(path.join(dir, "c.txt"))).toBe(false);
    expect(await names()).toEqual(["a"]);
  });
});
