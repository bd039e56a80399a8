import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { connectAsAnalyst } from "../../../test/analyst.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { runNpm, runScript } from "../../test/cli.ts";
import { createDb } from "./database.ts";

/** The test's environment without the variables the migrate program reads: each test gives its own. */
const UNSET = { DATABASE_URL: undefined, ANALYST_PASSWORD: undefined };

const migrate = (env: Record<string, string | undefined>) =>
  runNpm(["migrate", "-w", "@pli/api"], { ...UNSET, ...env });

describe("npm run migrate -w @pli/api", { timeout: 90_000 }, () => {
  it("applies every migration to DATABASE_URL once, and nothing the second time; the analyst then logs in with ANALYST_PASSWORD", async () => {
    const databaseUrl = await createTestDatabase("migrate");
    const migrations = readdirSync(path.join(import.meta.dirname, "migrations")).map((file) =>
      file.replace(/\.ts$/, ""),
    );
    expect((await migrate({ DATABASE_URL: databaseUrl })).stdout).toContain(`Applied ${migrations.join(", ")}`);
    expect(
      (await migrate({ DATABASE_URL: databaseUrl, ANALYST_PASSWORD: "a-migrated-analyst-password" })).stdout,
    ).toContain("The app schema is up to date");
    await (await connectAsAnalyst(databaseUrl, "a-migrated-analyst-password")).end();
    const db = createDb(databaseUrl, 1);
    try {
      const { rows } = await sql<{ name: string }>`select name from app.kysely_migration order by name`.execute(db);
      expect(rows.map((row) => row.name)).toEqual(migrations);
    } finally {
      await db.destroy();
    }
  });
});

describe("the compiled migrate program, as the API's image runs it", () => {
  const migrateCompiled = (env: Record<string, string | undefined>) => runScript("migrate", [], { ...UNSET, ...env });

  it("refuses to run without a postgres DATABASE_URL", async () => {
    await expect(migrateCompiled({})).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("DATABASE_URL: is required"),
    });
    await expect(migrateCompiled({ DATABASE_URL: "mysql://x" })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("DATABASE_URL"),
    });
  });
});
