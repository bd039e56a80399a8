import { sql, type Kysely } from "kysely";

/**
 * A narrow copy of what a node search reads, app.node_search: each node's id, status, creation time and search text
 * (migration 0012_node-search-text), with the trigram index the search scans. A broad search (a provider, "0x")
 * matches thousands of nodes and the tab counts need every one of them, so the trigram index's candidates are
 * rechecked in the table's pages: in app.node, whose rows carry every column of a node, that read most of the table;
 * these rows take under half the pages. Kept by triggers in the same transaction as the node's write: an insert adds
 * the row, an update of the node's status, creation time or search text (which an owner's new email rewrites) copies
 * it, and a node's delete deletes it (the foreign key). A node's row is only ever looked up by its id (those
 * triggers), so that index is a hash: a search, which has no id to look up, then has only the trigram index to read
 * (a b-tree's full scan can look cheaper to the planner when the table is small). Owner-scoped searches read
 * app.node (its few rows by the owner's index), so app.node keeps its search text but no longer its trigram index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE app.node_search (
      created_at timestamptz NOT NULL,
      node_id uuid NOT NULL REFERENCES app.node (id) ON DELETE CASCADE ON UPDATE CASCADE,
      status text NOT NULL,
      search_text text NOT NULL
    )
  `.execute(db);
  await sql`
    CREATE FUNCTION app.node_search_copy() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO app.node_search (created_at, node_id, status, search_text)
        VALUES (NEW.created_at, NEW.id, NEW.status, NEW.search_text);
      ELSE
        UPDATE app.node_search SET created_at = NEW.created_at, status = NEW.status, search_text = NEW.search_text
        WHERE node_id = NEW.id;
      END IF;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    INSERT INTO app.node_search (created_at, node_id, status, search_text)
    SELECT created_at, id, status, search_text FROM app.node ORDER BY created_at DESC, id
  `.execute(db);
  await sql`
    CREATE TRIGGER node_search_insert AFTER INSERT ON app.node
    FOR EACH ROW EXECUTE FUNCTION app.node_search_copy()
  `.execute(db);
  await sql`
    CREATE TRIGGER node_search_update AFTER UPDATE ON app.node
    FOR EACH ROW WHEN (
      OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at
      OR OLD.search_text IS DISTINCT FROM NEW.search_text
    ) EXECUTE FUNCTION app.node_search_copy()
  `.execute(db);
  await sql`
    CREATE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app.node_search
    FOR EACH STATEMENT EXECUTE FUNCTION app.announce_change()
  `.execute(db);
  await sql`CREATE INDEX node_search_node_idx ON app.node_search USING hash (node_id)`.execute(db);
  await sql`DROP INDEX app.node_search_text_idx`.execute(db);
  await sql`CREATE INDEX node_search_text_idx ON app.node_search USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`ANALYZE app.node_search`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER node_search_update ON app.node`.execute(db);
  await sql`DROP TRIGGER node_search_insert ON app.node`.execute(db);
  await sql`DROP TABLE app.node_search`.execute(db);
  await sql`DROP FUNCTION app.node_search_copy()`.execute(db);
  await sql`CREATE INDEX node_search_text_idx ON app.node USING gin (search_text gin_trgm_ops)`.execute(db);
}
