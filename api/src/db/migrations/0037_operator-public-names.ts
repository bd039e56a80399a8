import { sql, type Kysely } from "kysely";

/**
 * Whether the public network page names the operator's nodes (app.operator.show_node_names). Off until the operator
 * turns it on: privacy by default, the page shows only the node's address. app.operator already announces its writes,
 * so a change empties the cached public answer like any other.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.operator ADD COLUMN show_node_names boolean NOT NULL DEFAULT false`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.operator DROP COLUMN show_node_names`.execute(db);
}
