import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS app`.execute(db);
  await db.schema
    .createTable("app.setting")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("application_name", "text", (col) => col.notNull())
    .addColumn("application_email", "text")
    .addColumn("logo_url", "text")
    .addColumn("contact_no", "text")
    .addColumn("address", "text")
    .addColumn("minimum_stake", "numeric(78, 0)", (col) => col.notNull())
    .addColumn("maximum_stake", "numeric(78, 0)", (col) => col.notNull())
    .addColumn("multiply_of", "numeric(78, 0)", (col) => col.notNull())
    .addColumn("incentive_percentage", "numeric(6, 3)", (col) => col.notNull())
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("setting_stake_bounds", sql`minimum_stake > 0 AND minimum_stake <= maximum_stake`)
    .addCheckConstraint("setting_multiple", sql`multiply_of > 0`)
    .addCheckConstraint("setting_incentive", sql`incentive_percentage >= 0 AND incentive_percentage <= 100`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app.setting").execute();
}
