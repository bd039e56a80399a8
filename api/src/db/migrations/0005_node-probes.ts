import { sql, type Kysely } from "kysely";

/** The node monitor's counters: probes sent and answered per node and UTC day. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.node_probe_day")
    .addColumn("node_id", "uuid", (col) => col.notNull().references("app.node.id").onDelete("cascade"))
    .addColumn("day", "date", (col) => col.notNull())
    .addColumn("probes", "integer", (col) => col.notNull().check(sql`probes > 0`))
    .addColumn("successes", "integer", (col) => col.notNull().check(sql`successes >= 0`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("node_probe_day_pk", ["node_id", "day"])
    .addCheckConstraint("node_probe_day_successes", sql`successes <= probes`)
    .execute();
  await db.schema.createIndex("node_probe_day_day_idx").on("app.node_probe_day").column("day").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.node_probe_day").execute();
}
