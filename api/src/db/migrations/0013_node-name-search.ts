import { sql, type Kysely } from "kysely";

/**
 * The admin's stake list searches the portal node's name (ILIKE '%q%'): a trigram index finds the
 * matching nodes, whose positions the chain's node index then gives, instead of a scan of every
 * position joined with its node.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX node_name_search_idx ON app.node USING gin (name gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX app.node_name_search_idx`.execute(db);
}
