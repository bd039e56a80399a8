import { sql, type Kysely } from "kysely";

const NETWORKS = sql`('XDC Apothem', 'XDC Mainnet', 'Polygon Mainnet', 'Polygon Mumbai', 'Polygon Amoy')`;
const ADDRESS = (column: string) => sql`${sql.ref(column)} = '' OR ${sql.ref(column)} ~ '^0x[0-9a-f]{40}$'`;
const CATEGORIES = ["Price Feed", "Random Number", "Weather", "Sports", "Custom"];

/**
 * Oracle jobs on validator nodes and their categories. A job goes with its node (deleting the node
 * deletes its jobs); a category cannot be removed while a job uses it. The categories are seeded in
 * the order of the list, which is the order they are listed in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app.job_category")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("category_name", "text", (col) => col.notNull().check(sql`category_name <> ''`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX job_category_name_key ON app.job_category (lower(category_name))`.execute(db);
  await db
    .insertInto("app.job_category")
    .values(
      CATEGORIES.map((category_name, index) => ({
        category_name,
        created_at: sql.raw(`now() + interval '${index} milliseconds'`),
      })),
    )
    .execute();

  await db.schema
    .createTable("app.job")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("node_id", "uuid", (col) => col.notNull().references("app.node.id").onDelete("cascade"))
    .addColumn("operator_id", "uuid", (col) => col.notNull().references("app.operator.id").onDelete("restrict"))
    .addColumn("category_id", "uuid", (col) => col.notNull().references("app.job_category.id").onDelete("restrict"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("oracle_address", "text", (col) => col.notNull())
    .addColumn("job_id", "text", (col) => col.notNull())
    .addColumn("cost", "numeric", (col) => col.notNull().check(sql`cost > 0`))
    .addColumn("job_source", "text", (col) => col.notNull())
    .addColumn("job_provider", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("index_pair", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("contract_address", "text", (col) => col.notNull().defaultTo("").check(ADDRESS("contract_address")))
    .addColumn("network", "text", (col) => col.notNull().check(sql`network IN ${NETWORKS}`))
    .addColumn("polltimer", "integer", (col) => col.check(sql`polltimer > 0`))
    .addColumn("minimum_oracle", "integer", (col) => col.check(sql`minimum_oracle > 0`))
    .addColumn("eac_address", "text", (col) => col.notNull().defaultTo("").check(ADDRESS("eac_address")))
    .addColumn("access_address", "text", (col) => col.notNull().defaultTo("").check(ADDRESS("access_address")))
    .addColumn("deviation", "numeric", (col) => col.check(sql`deviation > 0 AND deviation <= 100`))
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("Pending")
        .check(sql`status IN ('Pending', 'Approved', 'Rejected')`),
    )
    .addColumn("job_status", "text", (col) => col.check(sql`job_status IN ('Active', 'Standby', 'InActive')`))
    .addColumn("admin_notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("job_change", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("job_newest_idx").on("app.job").columns(["created_at desc", "id"]).execute();
  await db.schema
    .createIndex("job_node_newest_idx")
    .on("app.job")
    .columns(["node_id", "created_at desc", "id"])
    .execute();
  await db.schema.createIndex("job_operator_idx").on("app.job").column("operator_id").execute();
  await db.schema.createIndex("job_category_idx").on("app.job").column("category_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.job").execute();
  await db.schema.dropTable("app.job_category").execute();
}
