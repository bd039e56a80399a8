import { sql, type Kysely } from "kysely";

/** The node search text of api/src/node/repository.ts (nodeSearchText), as of this migration. */
const NODE_SEARCH_TEXT = sql.raw(
  ["provider", "other_provider", "ipaddress", "os", "ram", "storage", "security", "oracle_address", "network", "status"]
    .map((field) => `coalesce(${field}::text, '')`)
    .join(" || chr(31) || "),
);

/**
 * Node lists are ordered newest first with the id as tie-breaker (created_at DESC, id): indexes in that
 * order let a page read only its rows, for all nodes, per status tab and per operator. Searches
 * (ILIKE '%q%') use trigram indexes on the nodes' search text and on operators' emails.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX app.node_created_idx, app.node_status_idx, app.node_operator_idx`.execute(db);
  await db.schema.createIndex("node_newest_idx").on("app.node").columns(["created_at desc", "id"]).execute();
  await db.schema
    .createIndex("node_status_newest_idx")
    .on("app.node")
    .columns(["status", "created_at desc", "id"])
    .execute();
  await db.schema
    .createIndex("node_operator_newest_idx")
    .on("app.node")
    .columns(["operator_id", "created_at desc", "id"])
    .execute();
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX node_search_idx ON app.node USING gin ((${NODE_SEARCH_TEXT}) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX operator_email_search_idx ON app.operator USING gin (email gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX app.operator_email_search_idx, app.node_search_idx, app.node_operator_newest_idx, app.node_status_newest_idx, app.node_newest_idx`.execute(
    db,
  );
  await db.schema.createIndex("node_created_idx").on("app.node").column("created_at").execute();
  await db.schema.createIndex("node_status_idx").on("app.node").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("node_operator_idx").on("app.node").columns(["operator_id", "created_at"]).execute();
}
