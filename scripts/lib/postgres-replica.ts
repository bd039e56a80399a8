import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startPostgres, type Postgres } from "./postgres.ts";
import { waitFor } from "./wait.ts";

/** What Postgres' documentation leaves out of a base copy: the server's own run files, WAL and replication slots. */
const LEFT_OUT = new Set(["postmaster.pid", "postmaster.opts", "pg_wal", "pg_replslot", "pg_stat_tmp"]);

export interface Replica extends Postgres {
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
}

/**
 * Starts a hot standby of `primaryUrl` (a superuser's URL of a server on this machine) with its data in `dataDir`,
 * following it by streaming replication with `hot_standby_feedback = on`. The embedded binaries have no
 * pg_basebackup, so the base copy is the one Postgres documents for it: a physical replication slot reserved first
 * (the standby fetches the WAL since the copy's start through it), `pg_backup_start`, a file copy of the primary's
 * data folder, `pg_backup_stop` and its backup label written into the copy, then `standby.signal` and
 * `primary_conninfo`, streaming as `streamAs` (a role with REPLICATION; default the URL's user). Stopping the replica
 * leaves the slot on the primary: drop it or stop the primary too.
 */
export async function startReplica(
  primaryUrl: string,
  { dataDir, slot, streamAs }: { dataDir: string; slot: string; streamAs?: { user: string; password: string } },
) {
  if (!/^[a-z_][a-z0-9_]*$/.test(slot)) throw new Error(`Invalid replication slot name ${slot}`);
  const primary = new pg.Client({ connectionString: primaryUrl });
  await primary.connect();
  try {
    const { rows } = await primary.query<{ data_directory: string }>(
      "SELECT current_setting('data_directory') AS data_directory",
    );
    const source = rows[0]!.data_directory;
    await primary.query("SELECT pg_create_physical_replication_slot($1, true)", [slot]);
    await primary.query("SELECT pg_backup_start($1, true)", [`replica ${slot}`]);
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(source, dataDir, {
      recursive: true,
      filter: (file) => path.dirname(file) !== source || !LEFT_OUT.has(path.basename(file)),
    });
    const stopped = await primary.query<{ labelfile: string; spcmapfile: string | null }>(
      "SELECT labelfile, spcmapfile FROM pg_backup_stop(false)",
    );
    writeFileSync(path.join(dataDir, "backup_label"), stopped.rows[0]!.labelfile);
    if (stopped.rows[0]!.spcmapfile) writeFileSync(path.join(dataDir, "tablespace_map"), stopped.rows[0]!.spcmapfile);
    for (const folder of ["pg_wal/archive_status", "pg_wal/summaries", "pg_replslot", "pg_stat_tmp"])
      mkdirSync(path.join(dataDir, folder), { recursive: true, mode: 0o700 });
    const url = new URL(primaryUrl);
    const user = streamAs?.user ?? decodeURIComponent(url.username);
    const password = streamAs?.password ?? decodeURIComponent(url.password);
    const conninfo = `host=${url.hostname} port=${url.port} user=${user} password=${password} application_name=${slot}`;
    appendFileSync(
      path.join(dataDir, "postgresql.auto.conf"),
      `primary_conninfo = '${conninfo.replaceAll("'", "''")}'\nprimary_slot_name = '${slot}'\nhot_standby = on\nhot_standby_feedback = on\n`,
    );
    writeFileSync(path.join(dataDir, "standby.signal"), "");
    const { uid, gid } = statSync(source);
    execFileSync("chown", ["-R", `${uid}:${gid}`, dataDir]);
  } finally {
    await primary.end();
  }
  const server = await startPostgres({ dataDir, ephemeral: true });
  const lsn = async (connectionString: string, query: string) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query<{ lsn: string }>(query)).rows[0]!.lsn;
    } finally {
      await client.end();
    }
  };
  const caughtUp = async (timeoutMs = 60_000) => {
    // The insert position: with synchronous_commit off the write position can trail a commit that has returned.
    const target = await lsn(primaryUrl, "SELECT pg_current_wal_insert_lsn()::text AS lsn");
    await waitFor(
      `the replica to replay up to ${target}`,
      async () => {
        const replayed = await lsn(
          server.url(),
          `SELECT (coalesce(pg_last_wal_replay_lsn(), '0/0') >= '${target}'::pg_lsn)::text AS lsn`,
        );
        return replayed === "true";
      },
      { timeoutMs, intervalMs: 50 },
    );
  };
  return { ...server, caughtUp } satisfies Replica;
}
