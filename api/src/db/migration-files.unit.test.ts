import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATION_NAMES } from "./migrate.ts";
import {
  isMigrationSource,
  MIGRATION_LIST_COMMAND,
  MIGRATION_LIST_FILE,
  MIGRATIONS_FOLDER,
  migrationFileProblems,
  migrationName,
  renderMigrationList,
} from "./migration-files.ts";
import { RENAMED_MIGRATIONS } from "./migration-renames.ts";

const files = readdirSync(path.join(import.meta.dirname, MIGRATIONS_FOLDER))
  .filter(isMigrationSource)
  .sort();

describe("the migrations' names", () => {
  it("number every migration of the folder from 0001, each once, in order", () => {
    expect(migrationFileProblems(files)).toEqual([]);
    expect(files[0]).toBe("0001_app-schema.ts");
  });

  it("are refused out of order, twice, with a gap or dated", () => {
    expect(migrationFileProblems(["0001_a.ts", "0003_b.ts", "0002_c.ts"])).toEqual([
      "0003_b.ts: number 0003, expected 0002",
      "0002_c.ts: number 0002, expected 0003",
    ]);
    expect(migrationFileProblems(["0001_a.ts", "0001_b.ts"])).toEqual(["0001_b.ts: number 0001, expected 0002"]);
    expect(migrationFileProblems(["0001_a.ts", "0003_b.ts"])).toEqual(["0003_b.ts: number 0003, expected 0002"]);
    expect(migrationFileProblems(["2026-12-15T09-00-00_c.ts"])).toEqual([
      "2026-12-15T09-00-00_c.ts: not named NNNN_slug.ts (four digits, then a kebab-case slug)",
    ]);
  });

  it(`are all in the generated list, which is what \`${MIGRATION_LIST_COMMAND}\` writes`, () => {
    const list = readFileSync(path.join(import.meta.dirname, MIGRATION_LIST_FILE), "utf8");
    expect(list, `${MIGRATION_LIST_FILE} is stale: run ${MIGRATION_LIST_COMMAND}`).toBe(renderMigrationList(files));
    expect(MIGRATION_NAMES).toEqual(files.map(migrationName));
  });

  it("map every name from before the numbering to a migration of the list, each to its own", () => {
    const renamed = Object.values(RENAMED_MIGRATIONS);
    expect(new Set(renamed).size).toBe(renamed.length);
    expect(renamed.filter((name) => !MIGRATION_NAMES.includes(name))).toEqual([]);
    expect(Object.keys(RENAMED_MIGRATIONS).filter((name) => MIGRATION_NAMES.includes(name))).toEqual([]);
  });
});
