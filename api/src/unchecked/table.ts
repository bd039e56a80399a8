import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";
import type { UncheckedKind } from "./schema.ts";

/** An item of unchecked chain activity an admin marked reviewed: (kind, tx_hash, log_index) is the item's key. */
export interface UncheckedReviewTable {
  kind: UncheckedKind;
  tx_hash: string;
  log_index: number;
  note: string;
  reviewed_by: string | null;
  reviewed_at: Generated<Timestamp>;
}

export interface UncheckedTables {
  "app.unchecked_review": UncheckedReviewTable;
}
