import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDb } from "@pli/api/db/database";
import { migrateDatabase, setUpDatabaseRoles } from "@pli/api/db/roles";
import { startPostgres } from "../scripts/lib/postgres.ts";
import { asRole, TEST_ROLE_PASSWORDS } from "./roles.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** A database with every migration applied, which no one connects to: `CREATE DATABASE … TEMPLATE` copies it. */
    migratedTemplateDatabase: string;
  }
}

const MIGRATED_TEMPLATE = "migrated_template";

interface RunServer {
  url: string;
  stop(): Promise<void>;
}

async function startRunServer(): Promise<RunServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "pli-test-pg-"));
  const pg = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
  try {
    const templateUrl = await pg.createDatabase(MIGRATED_TEMPLATE);
    await setUpDatabaseRoles(pg.url(), MIGRATED_TEMPLATE, TEST_ROLE_PASSWORDS);
    const db = createDb(asRole(templateUrl, "owner"), 1);
    try {
      await migrateDatabase(db);
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: pg.url(),
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The run's server and how many projects use it, on `globalThis`: Vitest runs this setup once per project that lists
 * it (api, indexer), one project after the other, and may load this module once for each.
 */
const RUN_SERVER = Symbol.for("pli.test.global-postgres");
type Shared = { server: Promise<RunServer>; users: number };
const shared = globalThis as { [RUN_SERVER]?: Shared };

/**
 * One throw-away Postgres server for the whole run, shared by every project that sets it up (a server per project
 * cost the rest lane's start another 10 s before its first file); each test file creates its own database in it,
 * empty or copied from a template migrated once here. The portal's roles (cluster-wide) are created once
 * here too, and the template is migrated by the owner role as a deploy migrates, so the copies carry the
 * runtime role's grants.
 */
export default async function setup(project: TestProject) {
  const run = (shared[RUN_SERVER] ??= { server: startRunServer(), users: 0 });
  run.users++;
  let server: RunServer;
  try {
    server = await run.server;
  } catch (error) {
    if (--run.users === 0) delete shared[RUN_SERVER];
    throw error;
  }
  project.provide("postgresAdminUrl", server.url);
  project.provide("migratedTemplateDatabase", MIGRATED_TEMPLATE);
  return async () => {
    if (--run.users > 0) return;
    delete shared[RUN_SERVER];
    await server.stop();
  };
}
