import { sql, type Kysely } from "kysely";

/**
 * The export's Token (PLI) of a Paid incentive is what the chain paid (`paid_amount`, from the payment event), as the
 * sums per status count it (0053): a payout of another amount than the row's accrued token showed the accrued one, a
 * figure the operator never received. An UnPaid row keeps its token.
 *
 * The line is dropped and added again with the new expression (Postgres computes it for every row, rewriting the table
 * under its lock) and its index built again, which every supported Postgres does (`ALTER COLUMN … SET EXPRESSION` needs
 * 17). The rewritten table has no visibility map until it is vacuumed: run `VACUUM (ANALYZE) app.incentive` after the
 * upgrade, or the export reads the table beside the index until autovacuum's next pass (docs/running.md, Upgrades).
 */
async function exportLineOf(db: Kysely<unknown>, token: "token" | "coalesce(paid_amount, token)"): Promise<void> {
  await sql`ALTER TABLE app.incentive DROP COLUMN export_line`.execute(db);
  await sql`
    ALTER TABLE app.incentive ADD COLUMN export_line text NOT NULL GENERATED ALWAYS AS (
      app.incentive_export_line(wallet, node, ${sql.raw(token)}, type, paid_tx, paid_at, created_at)
    ) STORED
  `.execute(db);
  await sql`CREATE INDEX incentive_export_idx ON app.incentive (date DESC, id) INCLUDE (export_line)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await exportLineOf(db, "coalesce(paid_amount, token)");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await exportLineOf(db, "token");
}
