import { sql, type Kysely } from "kysely";

/**
 * Pay Now's incentives in flight: a plan holds its rows for ten minutes, renewed before each of its payRewards batches
 * is sent, so a plan whose window was closed mid-way frees them ten minutes after its last batch. Another plan that
 * selects a held row is refused, instead of sending a second payRewards the contract reverts after its gas is paid.
 * The admin's browser gives back the rows of batches that paid nothing (`plan_id`); a deleted row takes its hold with
 * it, and a paid row's hold no longer counts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE app.payout_reservation (
      incentive_id uuid PRIMARY KEY REFERENCES app.incentive (id) ON DELETE CASCADE,
      plan_id uuid NOT NULL,
      admin_id uuid NOT NULL REFERENCES app.admin (id) ON DELETE CASCADE,
      reserved_until timestamptz NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX payout_reservation_plan ON app.payout_reservation (plan_id)`.execute(db);
  await sql`CREATE INDEX payout_reservation_until ON app.payout_reservation (reserved_until)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE app.payout_reservation`.execute(db);
}
