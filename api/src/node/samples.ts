import { sql } from "kysely";
import type { Db } from "../db/database.ts";

/** A node's daily reputation values (0..1) from `since` (YYYY-MM-DD, UTC), oldest first. */
export const reputationValues = (db: Db, nodeId: string, since: string) =>
  db
    .selectFrom("app.node_reputation")
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("date"), "value"])
    .where("node_id", "=", nodeId)
    .where("day", ">=", since)
    .orderBy("day")
    .execute();

/** The UTC days from `since` on which the node was found inactive, newest first. */
export const inactiveDates = (db: Db, nodeId: string, since: string) =>
  db
    .selectFrom("app.node_inactive_date")
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("date"), "created_at"])
    .where("node_id", "=", nodeId)
    .where("day", ">=", since)
    .orderBy("day", "desc")
    .execute();
