import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { AnnouncementTable } from "./table.ts";

/**
 * How long announcements are kept. An instance reads them within milliseconds; one whose connection
 * was lost for longer than this misses the older ones (it kept no list answers meanwhile).
 */
export const ANNOUNCEMENT_RETENTION_MINUTES = 10;

export interface Announcement {
  id: string;
  kind: AnnouncementTable["kind"];
  topic: string | null;
  wallet: string | null;
  account_type: AnnouncementTable["account_type"];
  account_id: string | null;
}

interface Row extends Omit<Announcement, "id" | "kind"> {
  xmin: string;
  id: string | null;
  tx: string | null;
  kind: Announcement["kind"] | null;
}

/**
 * Reads the announcements committed since its last read, in whatever order their transactions
 * committed: a row not visible at one read was written by a transaction still running then, whose id
 * is at least that read's oldest running transaction (its snapshot's xmin), so each read asks for the
 * rows of transactions from the previous read's xmin on and skips the ones it has already returned.
 */
export class AnnouncementReader {
  #floor: bigint | null = null;
  /** The rows read that the next read may return again, by id: their transaction ids. */
  readonly #seen = new Map<string, bigint>();

  /** The announcements committed since the last read; the first read returns none (it only marks where to start). */
  async next(db: Db): Promise<Announcement[]> {
    const first = this.#floor === null;
    const { rows } = await sql<Row>`
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, a.id::text AS id, a.tx::text AS tx, a.kind, a.topic, a.wallet, a.account_type, a.account_id
      FROM (VALUES (1)) AS read (one)
      LEFT JOIN app.announcement a ON a.tx >= ${String(this.#floor ?? 0n)}::xid8
      ORDER BY a.id
    `.execute(db);
    const fresh: Announcement[] = [];
    for (const { id, tx, kind, xmin: _xmin, ...rest } of rows) {
      if (id === null || tx === null || kind === null || this.#seen.has(id)) continue;
      this.#seen.set(id, BigInt(tx));
      fresh.push({ id, kind, ...rest });
    }
    const floor = BigInt(rows[0]!.xmin);
    for (const [id, tx] of this.#seen) if (tx < floor) this.#seen.delete(id);
    this.#floor = floor;
    return first ? [] : fresh;
  }
}

/** Deletes the announcements older than ANNOUNCEMENT_RETENTION_MINUTES. */
export async function pruneAnnouncements(db: Db): Promise<void> {
  await db
    .deleteFrom("app.announcement")
    .where("created_at", "<", sql<Date>`now() - make_interval(mins => ${ANNOUNCEMENT_RETENTION_MINUTES})`)
    .execute();
}
