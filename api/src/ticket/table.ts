import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";
import type { TicketStatus } from "./rules.ts";

/** A support ticket an operator opened, optionally about one of their nodes. */
export interface TicketTable {
  id: Generated<string>;
  /** The number people quote (#12); given by the database. */
  ticket_no: ColumnType<bigint, never, never>;
  operator_id: string;
  /** Null when the ticket is about no node, or its node was deleted since. */
  node_id: string | null;
  subject: string;
  status: Generated<TicketStatus>;
  created_at: Timestamp;
  /** The last message or status change. */
  updated_at: Timestamp;
  closed_at: Date | null;
}

/** A message of a ticket's thread: the operator's first message, then the replies of both sides. */
export interface TicketMessageTable {
  id: Generated<string>;
  ticket_id: string;
  author_type: "user" | "admin";
  author_id: string;
  body: string;
  created_at: Timestamp;
}

export interface TicketTables {
  "app.ticket": TicketTable;
  "app.ticket_message": TicketMessageTable;
}
