import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { connectAsAnalyst } from "../../../test/analyst.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { asRole } from "../../../test/roles.ts";
import { runNpm, runScript } from "../../test/cli.ts";
import { createDb } from "./database.ts";
import { DATABASE_ROLES } from "./roles.ts";

/** The test's environment without the variables the migrate program reads: each test gives its own. */
const UNSET = { DATABASE_URL: undefined, DATABASE_OWNER_URL: undefined, ANALYST_PASSWORD: undefined };

const migrate = (env: Record<string, string | undefined>) =>
  runNpm(["migrate", "-w", "@pli/api"], { ...UNSET, ...env });

describe("npm run migrate -w @pli/api", { timeout: 90_000 }, () => {
  it("applies every migration to DATABASE_OWNER_URL once, and nothing the second time; the analyst then logs in with ANALYST_PASSWORD", async () => {
    const databaseUrl = await createTestDatabase("migrate");
    const ownerUrl = asRole(databaseUrl, "owner");
    const migrations = readdirSync(path.join(import.meta.dirname, "migrations")).map((file) =>
      file.replace(/\.ts$/, ""),
    );
    expect((await migrate({ DATABASE_OWNER_URL: ownerUrl })).stdout).toContain(`Applied ${migrations.join(", ")}`);
    expect(
      (await migrate({ DATABASE_OWNER_URL: ownerUrl, ANALYST_PASSWORD: "a-migrated-analyst-password" })).stdout,
    ).toContain("The app schema is up to date");
    await (await connectAsAnalyst(databaseUrl, "a-migrated-analyst-password")).end();
    const db = createDb(databaseUrl, 1);
    try {
      const { rows } = await sql<{ name: string }>`select name from app.kysely_migration order by name`.execute(db);
      expect(rows.map((row) => row.name)).toEqual(migrations);
      const { rows: owners } = await sql<{
        owner: string;
      }>`SELECT DISTINCT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE relnamespace = 'app'::regnamespace`.execute(
        db,
      );
      expect(owners).toEqual([{ owner: DATABASE_ROLES.owner }]);
    } finally {
      await db.destroy();
    }
  });
});

describe("the compiled migrate program, as the API's image runs it", () => {
  const migrateCompiled = (env: Record<string, string | undefined>) => runScript("migrate", [], { ...UNSET, ...env });

  it("refuses to run without a postgres DATABASE_OWNER_URL, the API's DATABASE_URL being no stand-in for it", async () => {
    await expect(migrateCompiled({ DATABASE_URL: "postgresql://pli_api:x@127.0.0.1:9/pli" })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        `DATABASE_OWNER_URL: is required (the owner role's URL, which migrates: docs/running.md, "Database roles")`,
      ),
    });
    await expect(migrateCompiled({ DATABASE_OWNER_URL: "mysql://x" })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("DATABASE_OWNER_URL: must start with postgres: or postgresql://"),
    });
  });
});
