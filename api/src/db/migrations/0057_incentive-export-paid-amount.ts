import { sql, type Kysely } from "kysely";

/**
 * The export's Token (PLI) of a Paid incentive is what the chain paid (`paid_amount`, from the payment event), as the
 * sums per status count it (0053): a payout of another amount than the row's accrued token showed the accrued one, a
 * figure the operator never received. An UnPaid row keeps its token. Postgres computes the line again for every row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE app.incentive ALTER COLUMN export_line SET EXPRESSION AS (
      app.incentive_export_line(wallet, node, coalesce(paid_amount, token), type, paid_tx, paid_at, created_at)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE app.incentive ALTER COLUMN export_line SET EXPRESSION AS (
      app.incentive_export_line(wallet, node, token, type, paid_tx, paid_at, created_at)
    )`.execute(db);
}
