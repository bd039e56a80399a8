import type { Kysely } from "kysely";
import type { Database, Db } from "../db/database.ts";

export const findUpload = (db: Db, fileName: string) => db.selectFrom("app.upload").selectAll().where("file_name", "=", fileName).executeTakeFirst();

export async function recordUpload(db: Kysely<Database>, row: { file_name: string; original_name: string; content_type: string; size: number; uploaded_by: string }) {
  await db.insertInto("app.upload").values(row).execute();
}
