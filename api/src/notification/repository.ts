import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { NOTIFICATION_LIMITS } from "./schema.ts";

/** The operator's notifications, newest first, older than `before` when given; and how many are unread. */
export async function listNotifications(db: Db, operatorId: string, before?: string) {
  let query = db
    .selectFrom("app.notification")
    .select(["id", "kind", "details", "created_at", "read_at"])
    .where("operator_id", "=", operatorId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(NOTIFICATION_LIMITS.page + 1);
  if (before)
    query = query.where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple("created_at", "id"),
        "<",
        selectFrom("app.notification")
          .select(["created_at", "id"])
          .where("id", "=", before)
          .where("operator_id", "=", operatorId)
          .$asTuple("created_at", "id"),
      ),
    );
  const [rows, unread] = await Promise.all([
    query.execute(),
    db
      .selectFrom("app.notification")
      .select(sql<string>`count(*)::text`.as("n"))
      .where("operator_id", "=", operatorId)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.slice(0, NOTIFICATION_LIMITS.page),
    more: rows.length > NOTIFICATION_LIMITS.page,
    unread: Number(unread.n),
  };
}

/**
 * Marks the operator's notifications read: all, or those of `ids` when every one is theirs (else nothing). Answers how
 * many of `ids` are theirs (or, for all, how many were unread).
 */
export async function markRead(db: Db, operatorId: string, ids: string[] | "all"): Promise<number> {
  const unread = db
    .updateTable("app.notification")
    .set({ read_at: new Date() })
    .where("operator_id", "=", operatorId)
    .where("read_at", "is", null);
  if (ids === "all") return Number((await unread.executeTakeFirst()).numUpdatedRows);
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("app.notification")
      .select("id")
      .where("operator_id", "=", operatorId)
      .where("id", "in", ids)
      .execute();
    if (found.length !== new Set(ids).size) return found.length;
    await trx
      .updateTable("app.notification")
      .set({ read_at: new Date() })
      .where("operator_id", "=", operatorId)
      .where("read_at", "is", null)
      .where("id", "in", ids)
      .execute();
    return found.length;
  });
}
