import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startPostgres } from "../scripts/lib/postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One throw-away Postgres server for the whole run; each test file creates its own database in it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "pli-test-pg-"));
  const pg = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
  project.provide("postgresAdminUrl", pg.url());
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
