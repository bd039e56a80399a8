import { sql, type Kysely } from "kysely";

/**
 * Pay Now's incentives in flight: a plan reserves its rows until its payRewards batches are sent and mined, or for ten
 * minutes at most (a plan whose window was closed mid-way). Another plan that selects a reserved row is refused,
 * instead of sending a second payRewards the contract reverts after its gas is paid. The admin's browser gives back
 * the rows of batches it did not send (`plan_id`); a row paid or deleted takes its reservation with it.
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
