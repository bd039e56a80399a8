import { sql, type Kysely } from "kysely";

/**
 * The PLI sum per status in app.incentive_status_count added the accrued `token` of every row. A Paid row's amount is
 * what the chain paid (`paid_amount`, from the payment event), which a payout may have made other than the row's
 * token: the Paid and total cards then showed the accrual's figure, not the chain's. Each row now counts
 * coalesce(paid_amount, token): the payment once paid, the token until then. The kept sums are counted again from the
 * rows, with the table locked against writes meanwhile.
 */
const amounts = (amount: string) =>
  [
    ["inserted", `SELECT status, 1 AS n, ${amount} AS token FROM new_rows`],
    ["deleted", `SELECT status, -1 AS n, -${amount} AS token FROM old_rows`],
    [
      "updated",
      `SELECT status, 1 AS n, ${amount} AS token FROM new_rows UNION ALL SELECT status, -1, -${amount} FROM old_rows`,
    ],
  ] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function countBy(db: Kysely<any>, amount: string): Promise<void> {
  await sql`LOCK TABLE app.incentive IN SHARE MODE`.execute(db);
  for (const [name, rows] of amounts(amount)) {
    await sql`
      CREATE OR REPLACE FUNCTION ${sql.raw(`app.incentive_status_count_${name}`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM app.incentive_status_count_apply((
          SELECT coalesce(jsonb_object_agg(status, jsonb_build_object('n', n, 'token', token)), '{}')
          FROM (SELECT status, sum(n) AS n, sum(token) AS token FROM (${sql.raw(rows)}) AS t GROUP BY status) AS g
        ));
        RETURN NULL;
      END $$
    `.execute(db);
  }
  await sql`
    UPDATE app.incentive_status_count AS c
    SET count = (SELECT count(*) FROM app.incentive AS i WHERE i.status = c.status),
        token = (SELECT coalesce(sum(${sql.raw(amount)}), 0) FROM app.incentive AS i WHERE i.status = c.status)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await countBy(db, "coalesce(paid_amount, token)");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await countBy(db, "token");
}
