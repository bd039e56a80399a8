import { sql, type Kysely } from "kysely";

/** An account's stored uploads are summed on every upload (the per-account quota): index them by uploader. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("upload_uploaded_by_idx").on("app.upload").column("uploaded_by").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX app.upload_uploaded_by_idx`.execute(db);
}
