import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

/** An email on the admin-managed invite list; a node whose owner's email is on it carries the bounty flag. */
export interface InviteTable {
  id: Generated<string>;
  email: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface InviteTables {
  "app.invite": InviteTable;
}
