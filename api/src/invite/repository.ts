import type { Selectable } from "kysely";
import type { Db } from "../db/database.ts";
import { pageOf, whereContains } from "../shared/list.ts";
import type { InviteResponse } from "./schema.ts";
import type { InviteTable } from "./table.ts";

export const toInviteResponse = (row: Selectable<InviteTable>): InviteResponse => ({
  _id: row.id,
  email: row.email,
  createdAt: row.created_at.toISOString(),
});

/** A page of invited emails matching `q`, newest first. */
export const listInvites = (db: Db, params: { page: number; limit: number; q: string }) =>
  pageOf(
    whereContains(db.selectFrom("app.invite"), ["email"], params.q),
    (query) => query.selectAll().orderBy("created_at", "desc").orderBy("id"),
    params,
  );

/** Adds the email; undefined when it is already on the list. */
export const addInvite = (db: Db, email: string, adminId: string) =>
  db
    .insertInto("app.invite")
    .values({ email, created_by: adminId })
    .onConflict((oc) => oc.column("email").doNothing())
    .returningAll()
    .executeTakeFirst();

export const deleteInvite = (db: Db, id: string) =>
  db.deleteFrom("app.invite").where("id", "=", id).returning(["id", "email"]).executeTakeFirst();

/** Adds every email not yet on the list; answers how many were added. */
export async function importInvites(db: Db, emails: string[], adminId: string) {
  let added = 0;
  for (let start = 0; start < emails.length; start += 1000) {
    const rows = await db
      .insertInto("app.invite")
      .values(emails.slice(start, start + 1000).map((email) => ({ email, created_by: adminId })))
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .execute();
    added += rows.length;
  }
  return added;
}
