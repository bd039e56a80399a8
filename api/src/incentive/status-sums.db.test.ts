import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { addressOf, newOperator } from "../../test/nodes.ts";
import { API, type IncentiveSummary } from "../public-contract/index.ts";

/** An amount of 78 digits, as large as an incentive's column holds. */
const LARGEST = 9n * 10n ** 77n;

let t: TestAppWithSmtp;
let admin: string;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
});
afterAll(() => t?.close());

describe("the admin's incentive totals", () => {
  it("add up incentives of 78 digits each past 78 digits, exactly, and keep every row", async () => {
    const operator = await newOperator(t);
    const rows = ["2026-07-01", "2026-08-01", "2026-09-01"].map((date) => ({
      wallet: operator.wallet,
      node: addressOf(7, "0d"),
      date,
      token: LARGEST.toString(),
      inactive_count: 0,
      staked_days: 30,
      accrued_days: 30,
      percentage: "2.5",
    }));
    for (const row of rows) await t.db.insertInto("app.incentive").values(row).execute();

    const response = await t.call("GET", API.incentive.summary, { token: admin });
    expect(response.status).toBe(200);
    const summary = response.body as IncentiveSummary;
    expect(summary.unPaid).toMatchObject({ count: 3, token: (3n * LARGEST).toString() });
    expect(summary.total).toMatchObject({ count: 3, token: (3n * LARGEST).toString() });
  });

  it("count a Paid row by what the chain paid, not by its token, for the admin and on the operator's dashboard", async () => {
    const operator = await newOperator(t);
    const before = (await t.call("GET", API.incentive.summary, { token: admin })).body as IncentiveSummary;
    const node = addressOf(8, "0d");
    await t.db
      .insertInto("app.incentive")
      .values(
        ["2026-07-01", "2026-08-01"].map((date) => ({
          wallet: operator.wallet,
          node,
          date,
          token: "1000",
          inactive_count: 0,
          staked_days: 30,
          accrued_days: 30,
          percentage: "2.5",
        })),
      )
      .execute();
    await t.db
      .updateTable("app.incentive")
      .set({ paid_tx: `0x${"ab".repeat(32)}`, paid_at: new Date(), paid_amount: "700", paid_block: 12n })
      .where("wallet", "=", operator.wallet)
      .where("date", "=", "2026-07-01")
      .execute();

    const summary = (await t.call("GET", API.incentive.summary, { token: admin })).body as IncentiveSummary;
    expect(BigInt(summary.paid.token) - BigInt(before.paid.token)).toBe(700n);
    expect(BigInt(summary.unPaid.token) - BigInt(before.unPaid.token)).toBe(1000n);
    expect(BigInt(summary.total.token) - BigInt(before.total.token)).toBe(1700n);

    const dashboard = await t.call("GET", API.dashboard.user, { token: operator.token });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.incentiveListAll).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: "Paid", token: "700" }),
        expect.objectContaining({ status: "UnPaid", token: "1000" }),
      ]),
    );
  });
});
