import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { ReplicaHealth } from "./schema.ts";

/**
 * How far the analysts' replica (ANALYST_REPLICA_URL) trails the primary: the WAL the primary has flushed and the
 * replica has not replayed, in bytes, and, while that is more than none, the time since the replica replayed its last
 * transaction (0 when it has replayed everything; a replica that is behind while the primary is quiet shows the time
 * since the primary's last commit it has seen). `ok`: the replica answers and is a standby in recovery.
 * Postgres' recovery functions are open to every role, so the API's own role reads them on both servers.
 */
export async function readReplicaLag(primary: Db, replica: Db): Promise<ReplicaHealth> {
  try {
    const { rows: flushed } = await sql<{ lsn: string }>`SELECT pg_current_wal_flush_lsn()::text AS lsn`.execute(
      primary,
    );
    const lsn = flushed[0]!.lsn;
    const { rows } = await sql<{ standby: boolean; lag_bytes: number | null; lag_seconds: number | null }>`
      SELECT pg_is_in_recovery() AS standby,
        greatest(0, pg_wal_lsn_diff(${lsn}::pg_lsn, pg_last_wal_replay_lsn()))::float8 AS lag_bytes,
        CASE WHEN pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn THEN 0
          ELSE greatest(0, extract(epoch FROM now() - pg_last_xact_replay_timestamp()))::float8 END AS lag_seconds
    `.execute(replica);
    const row = rows[0]!;
    return { ok: row.standby && row.lag_bytes !== null, lagBytes: row.lag_bytes, lagSeconds: row.lag_seconds };
  } catch {
    return { ok: false, lagBytes: null, lagSeconds: null };
  }
}
