import { sql, type Kysely } from "kysely";

/**
 * The table of stake requests is named for what it holds (the glossary's "stake request"), not for a
 * word that in the code also means an HTTP request. Views, triggers and keys follow the table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.request RENAME TO stake_request`.execute(db);
  await sql`ALTER INDEX app.request_open_key RENAME TO stake_request_open_key`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER INDEX app.stake_request_open_key RENAME TO request_open_key`.execute(db);
  await sql`ALTER TABLE app.stake_request RENAME TO request`.execute(db);
}
