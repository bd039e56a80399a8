import { sql, type Kysely } from "kysely";
import type { Database, Db } from "../db/database.ts";

export const findUpload = (db: Db, fileName: string) =>
  db.selectFrom("app.upload").selectAll().where("file_name", "=", fileName).executeTakeFirst();

export async function recordUpload(
  db: Kysely<Database>,
  row: { file_name: string; original_name: string; content_type: string; size: number; uploaded_by: string },
) {
  await db.insertInto("app.upload").values(row).execute();
}

/** What an account's stored uploads take together. */
export async function uploadUsage(db: Kysely<Database>, uploader: string): Promise<{ bytes: number; files: number }> {
  const row = await db
    .selectFrom("app.upload")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>("size"), sql<string>`0`).as("bytes"),
      eb.fn.countAll<string>().as("files"),
    ])
    .where("uploaded_by", "=", uploader)
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), files: Number(row.files) };
}

/**
 * Holds the account's uploads until the transaction ends, so two uploads at once cannot both fit
 * under the quota that only one of them fits.
 */
export async function lockUploads(db: Kysely<Database>, uploader: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`pli.upload:${uploader}`}))`.execute(db);
}
