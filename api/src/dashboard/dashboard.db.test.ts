import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { addressOf, newOperator, registerNode } from "../../test/nodes.ts";
import { API, DASHBOARD_LIMITS } from "../public-contract/index.ts";

/** The operator dashboard's incentive chart over rows written straight to the database (no chain needed). */
let t: TestApp;

const now = new Date();
const firstOf = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
const month = (offset: number) => firstOf(offset).slice(0, 7);
const row = (wallet: string, date: string, token: string) => ({
  wallet,
  node: addressOf(1, "0b"),
  date,
  token,
  inactive_count: 0,
  staked_days: 30,
  accrued_days: 30,
  percentage: "2.5",
});
const chartsOf = async (token: string) => {
  const response = await t.call("GET", API.dashboard.user, { token });
  expect(response.status).toBe(200);
  return response.body.charts as { incentives: { month: string; accrued: string; paid: string }[] };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("incentives per month", () => {
  it("draws an accrual dated the 1st of this month under last month, the month it was earned", async () => {
    const operator = await newOperator(t);
    await t.db
      .insertInto("app.incentive")
      .values([row(operator.wallet, firstOf(0), "1500"), row(operator.wallet, firstOf(-1), "700")])
      .execute();
    const { incentives } = await chartsOf(operator.token);
    expect(incentives).toHaveLength(DASHBOARD_LIMITS.chartMonths);
    expect(incentives.at(-1)).toEqual({ month: month(0), accrued: "0", paid: "0" });
    expect(incentives.slice(-3, -1)).toEqual([
      { month: month(-2), accrued: "700", paid: "0" },
      { month: month(-1), accrued: "1500", paid: "0" },
    ]);
  });

  it("follows records dated beyond the current months: the window ends at the month they were earned", async () => {
    const operator = await newOperator(t);
    await t.db
      .insertInto("app.incentive")
      .values([row(operator.wallet, firstOf(15), "900")])
      .execute();
    const { incentives } = await chartsOf(operator.token);
    expect(incentives.at(-1)).toEqual({ month: month(14), accrued: "900", paid: "0" });
  });

  it("follows records that ended long ago: the window ends at the last month with one", async () => {
    const operator = await newOperator(t);
    await t.db
      .insertInto("app.incentive")
      .values([row(operator.wallet, firstOf(-23), "400"), row(operator.wallet, firstOf(-30), "300")])
      .execute();
    const { incentives } = await chartsOf(operator.token);
    expect(incentives.at(-1)).toEqual({ month: month(-24), accrued: "400", paid: "0" });
    expect(incentives[DASHBOARD_LIMITS.chartMonths - 1 - 7]).toEqual({ month: month(-31), accrued: "300", paid: "0" });
  });
});

describe("recent incentives", () => {
  it("show a Paid row by what the chain paid, not by its accrued token, and an UnPaid one by its token", async () => {
    const operator = await newOperator(t);
    await t.db
      .insertInto("app.incentive")
      .values([
        {
          ...row(operator.wallet, firstOf(-1), "1000"),
          paid_tx: `0x${"c4".repeat(32)}`,
          paid_at: new Date(),
          paid_amount: "990",
          paid_block: 7n,
        },
        row(operator.wallet, firstOf(0), "700"),
      ])
      .execute();
    const response = await t.call("GET", API.dashboard.user, { token: operator.token });
    const listed = (response.body.incentiveList as { date: string; status: string; token: string }[]).map(
      ({ date, status, token }) => ({ date, status, token }),
    );
    expect(listed).toEqual([
      { date: firstOf(0), status: "UnPaid", token: "700" },
      { date: firstOf(-1), status: "Paid", token: "990" },
    ]);
  });
});

describe("first steps", () => {
  it("tell a new operator they are at the start, and that a node is added once they add one", async () => {
    const operator = await newOperator(t);
    const stepsOf = async () => (await t.call("GET", API.dashboard.user, { token: operator.token })).body.firstSteps;
    const none = {
      nodeAdded: false,
      nodeApproved: false,
      stakeRequested: false,
      requestApproved: false,
      staked: false,
    };
    expect(await stepsOf()).toEqual(none);
    await registerNode(t, operator.token, 41);
    expect(await stepsOf()).toEqual({ ...none, nodeAdded: true });
  });
});
