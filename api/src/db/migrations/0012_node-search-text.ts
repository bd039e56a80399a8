import { sql, type Kysely } from "kysely";

/** The fields of a node that a search looks in (spec 3), in order; the owner's email comes last. */
const FIELDS = [
  "provider",
  "other_provider",
  "ipaddress",
  "os",
  "ram",
  "storage",
  "security",
  "oracle_address",
  "network",
  "status",
];

/** The node search text of migration 0006_node-list-indexes, for its expression index (down). */
const OLD_SEARCH_TEXT = sql.raw(FIELDS.map((field) => `coalesce(${field}::text, '')`).join(" || chr(31) || "));

/**
 * A node's search text materialised in app.node.search_text: its spec 3 search fields and its owner's
 * email, lower-cased and joined by the unit separator U+001F (a search term never holds a control
 * character, so a match never spans two fields), with a trigram index. A search is then one index
 * scan with a plain LIKE recheck on one column, instead of an ILIKE over an expression of ten
 * fields unioned with a join on the operators' emails. Kept by triggers: each insert or update of a
 * node recomputes it, and an operator's new email rewrites it on the operator's nodes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.node ADD COLUMN search_text text NOT NULL DEFAULT ''`.execute(db);
  await sql`
    CREATE FUNCTION app.node_search_text(n app.node, email text) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT lower(${sql.raw(FIELDS.map((field) => `coalesce(n.${field}::text, '')`).join(" || chr(31) || "))} || chr(31) || coalesce(email, ''))
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION app.node_search_text_set() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_text := app.node_search_text(NEW, (SELECT o.email FROM app.operator AS o WHERE o.id = NEW.operator_id));
      RETURN NEW;
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION app.node_search_text_owner_email() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE app.node AS n SET search_text = app.node_search_text(n, NEW.email) WHERE n.operator_id = NEW.id;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`UPDATE app.node AS n SET search_text = app.node_search_text(n, o.email) FROM app.operator AS o WHERE o.id = n.operator_id`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER node_search_text BEFORE INSERT OR UPDATE OF ${sql.raw([...FIELDS, "operator_id"].join(", "))} ON app.node
    FOR EACH ROW EXECUTE FUNCTION app.node_search_text_set()
  `.execute(db);
  await sql`
    CREATE TRIGGER operator_email_node_search_text AFTER UPDATE OF email ON app.operator
    FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION app.node_search_text_owner_email()
  `.execute(db);
  await sql`DROP INDEX app.node_search_idx`.execute(db);
  await sql`CREATE INDEX node_search_text_idx ON app.node USING gin (search_text gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER operator_email_node_search_text ON app.operator`.execute(db);
  await sql`DROP TRIGGER node_search_text ON app.node`.execute(db);
  await sql`DROP FUNCTION app.node_search_text_owner_email(), app.node_search_text_set(), app.node_search_text(app.node, text)`.execute(
    db,
  );
  await sql`ALTER TABLE app.node DROP COLUMN search_text`.execute(db);
  await sql`CREATE INDEX node_search_idx ON app.node USING gin ((${OLD_SEARCH_TEXT}) gin_trgm_ops)`.execute(db);
}
