import type { Db } from "../db/database.ts";

export const findUpload = (db: Db, fileName: string) => db.selectFrom("app.upload").selectAll().where("file_name", "=", fileName).executeTakeFirst();

export async function recordUpload(db: Db, row: { file_name: string; original_name: string; content_type: string; size: number; uploaded_by: string }) {
  await db.insertInto("app.upload").values(row).execute();
}
