import type { ColumnType } from "kysely";
import type { UserType } from "../public-contract/domain.ts";

/**
 * An announcement the database wrote at a portal change (migration trusted-announcements): only the
 * triggers write it, the API instances read and prune it.
 */
export interface AnnouncementTable {
  id: ColumnType<bigint, never, never>;
  /** The writing transaction's id (xid8), as text. */
  tx: ColumnType<string, never, never>;
  kind: "change" | "live" | "session";
  /** kind 'live': which kind of record changed. */
  topic: string | null;
  /** kind 'live': the record's operator's wallet. */
  wallet: string | null;
  /** kind 'session': the account whose sessions changed. */
  account_type: UserType | null;
  account_id: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface AnnouncementTables {
  "app.announcement": AnnouncementTable;
}
