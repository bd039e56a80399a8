import { sql, type Kysely } from "kysely";

/**
 * Who made a De-Active node De-Active (an operator or an admin), null otherwise: an operator could make Active again a
 * node an admin had De-Activated. Nodes De-Active now take it from their latest De-Active history row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.node ADD COLUMN deactivated_by text CHECK (deactivated_by IN ('user', 'admin'))`.execute(
    db,
  );
  await sql`
    UPDATE app.node AS n SET deactivated_by = (
      SELECT h.actor_type FROM app.node_status_history AS h
      WHERE h.node_id = n.id AND h.to_status = 'De-Active' AND h.actor_type IN ('user', 'admin')
      ORDER BY h.created_at DESC, h.id DESC LIMIT 1
    )
    WHERE n.status = 'De-Active'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.node DROP COLUMN deactivated_by`.execute(db);
}
