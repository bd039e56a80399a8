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

/** Records one status change; answers the history row's id. */
export const recordHistory = async (tx: Db, entry: HistoryEntry): Promise<string> =>
  (
    await tx
      .insertInto("app.node_status_history")
      .values({
        node_id: entry.nodeId,
        actor_type: entry.actor.type,
        actor_id: entry.actor.id,
        from_status: entry.from,
        to_status: entry.to,
        notes: entry.notes ?? "",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

/** A node's status history, newest first. */
export const historyOf = (db: Db, nodeId: string) =>
  db
    .selectFrom("app.node_status_history")
    .selectAll()
    .where("node_id", "=", nodeId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();

/** A history row as answered (the admin's node detail and the review evidence). */
export const toHistoryResponse = (row: Awaited<ReturnType<typeof historyOf>>[number]) => ({
  actorType: row.actor_type,
  actorId: row.actor_id,
  fromStatus: row.from_status,
  toStatus: row.to_status,
  notes: row.notes,
  date: row.created_at.toISOString(),
});
