import type { Db } from "../db/database.ts";
import type { HistoryTarget, NodeStatus } from "./rules.ts";
import type { ActorType } from "./table.ts";

export interface HistoryEntry {
  nodeId: string;
  actor: { type: ActorType; id: string | null };
  from: NodeStatus | null;
  to: HistoryTarget;
  notes?: string;
}

export const recordHistory = (tx: Db, entry: HistoryEntry) =>
  tx
    .insertInto("app.node_status_history")
    .values({ node_id: entry.nodeId, actor_type: entry.actor.type, actor_id: entry.actor.id, from_status: entry.from, to_status: entry.to, notes: entry.notes ?? "" })
    .execute();

/** A node's status history, newest first. */
export const historyOf = (db: Db, nodeId: string) =>
  db.selectFrom("app.node_status_history").selectAll().where("node_id", "=", nodeId).orderBy("created_at", "desc").orderBy("id").execute();
