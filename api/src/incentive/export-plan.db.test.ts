import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { everyIncentive } from "./list.ts";

let t: TestApp;

/**
 * Months of incentives of many positions, written month by month as the accrual writes them: enough rows that the
 * planner weighs the table's pages against the index's (with a second index on the list order, it chose that one).
 */
const POSITIONS = 400;
const MONTHS = 20;

beforeAll(async () => {
  t = await createTestApp();
  await sql`
    INSERT INTO app.incentive (wallet, node, date, token, inactive_count, staked_days, accrued_days, percentage,
      paid_tx, paid_at, paid_amount, paid_block)
    SELECT '0x' || lpad(to_hex(p), 40, '0'), '0x' || lpad(to_hex(p + 1000000), 40, '0'),
      DATE '2020-01-01' + make_interval(months => m), 1250500000000000000000, 0, 30, 30, 2.5,
      '0x' || lpad(to_hex(p * 100 + m), 64, '0'), now(), 1250500000000000000000, 7
    FROM generate_series(0, ${MONTHS - 1}) AS m, generate_series(1, ${POSITIONS}) AS p
    ORDER BY m, p
  `.execute(t.db);
  await sql`VACUUM ANALYZE app.incentive`.execute(t.db);
});
afterAll(() => t?.close());

describe("the incentive export's reads", () => {
  it("reads every line from the index that holds them, never visiting the table (an index-only scan)", async () => {
    const copied = everyIncentive(t.db, { q: "" }).select("i.export_line").compile();
    const plan = await t.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      const { rows } = await tx.executeQuery<{ "QUERY PLAN": string }>({ ...copied, sql: `EXPLAIN ${copied.sql}` });
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/^Index Only Scan using incentive_export_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
