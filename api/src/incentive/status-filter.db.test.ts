import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { addressOf, newOperator } from "../../test/nodes.ts";
import { API, INCENTIVE_STATUS } from "../public-contract/index.ts";

/**
 * The incentive list's status filter (issue 44): `status=due` keeps exactly the unpaid incentives whose payment date
 * has come, the rows the admin's Needs action counts; the chips' counts come per role from the server. A row of 0 (a month
 * of inactive days only) is never paid, so it is never due.
 */
let t: TestAppWithSmtp;
let admin: string;
let operatorA: Awaited<ReturnType<typeof newOperator>>;
let operatorB: Awaited<ReturnType<typeof newOperator>>;

const firstOfMonth = (daysAgo: number) => {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString().slice(0, 10);
};
const incentive = (wallet: string, date: string, paid?: string, token = "1000") => ({
  wallet,
  node: addressOf(1, "0c"),
  date,
  token,
  inactive_count: 0,
  staked_days: 30,
  accrued_days: 30,
  percentage: "2.5",
  ...(paid ? { paid_tx: paid, paid_at: new Date(), paid_amount: "1000", paid_block: 1n } : {}),
});
const get = async (url: string, token: string) => {
  const response = await t.call("GET", url, { token });
  return { status: response.status, body: response.body as Record<string, unknown> };
};

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  operatorA = await newOperator(t);
  operatorB = await newOperator(t);
  await t.db
    .insertInto("app.incentive")
    .values([
      incentive(operatorA.wallet, firstOfMonth(70)),
      incentive(operatorA.wallet, firstOfMonth(0)),
      incentive(operatorA.wallet, firstOfMonth(100), `0x${"ab".repeat(32)}`),
      incentive(operatorB.wallet, firstOfMonth(130)),
      incentive(operatorB.wallet, firstOfMonth(100), undefined, "0"),
    ])
    .execute();
});
afterAll(() => t?.close());

describe("the incentive list's status filter", () => {
  it("status=due lists exactly the payable incentives whose payment date has come, as many as Needs action counts", async () => {
    const due = await get(`${API.incentive.root}?status=due&limit=50`, admin);
    expect(due.status).toBe(200);
    const docs = due.body.docs as { walletAddress: string; date: string; status: string }[];
    expect(docs.map((row) => [row.walletAddress, row.date.slice(0, 10)]).sort()).toEqual(
      [
        [operatorA.wallet, firstOfMonth(70)],
        [operatorB.wallet, firstOfMonth(130)],
      ].sort(),
    );
    expect(docs.every((row) => row.status === INCENTIVE_STATUS.unPaid)).toBe(true);
    expect(due.body.totalDocs).toBe(2);
    const queue = await get(API.dashboard.needsAction, admin);
    expect(queue.body.dueIncentives).toBe(2);
  });

  it("an operator's due filter keeps to their own; a search that names no unpaid status finds nothing", async () => {
    const own = await get(`${API.incentive.root}?status=due`, operatorA.token);
    expect((own.body.docs as { walletAddress: string }[]).map((row) => row.walletAddress)).toEqual([operatorA.wallet]);
    const paidAndDue = await get(`${API.incentive.root}?status=due&q=paid`, admin);
    expect(paidAndDue.body.totalDocs).toBe(0);
    const paid = await get(`${API.incentive.root}?status=${INCENTIVE_STATUS.paid}`, admin);
    expect(paid.body.totalDocs).toBe(1);
  });

  it("refuses a status it does not know with the field named, never a 500", async () => {
    const bad = await get(`${API.incentive.root}?status=overdue`, admin);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("status");
  });

  it("counts each chip per role: everybody's for an admin, the operator's own for an operator, none signed out", async () => {
    expect((await get(API.incentive.statusCounts, admin)).body).toEqual({
      counts: [
        { status: INCENTIVE_STATUS.paid, count: 1 },
        { status: INCENTIVE_STATUS.unPaid, count: 4 },
        { status: "due", count: 2 },
      ],
    });
    expect((await get(API.incentive.statusCounts, operatorB.token)).body).toEqual({
      counts: [
        { status: INCENTIVE_STATUS.paid, count: 0 },
        { status: INCENTIVE_STATUS.unPaid, count: 2 },
        { status: "due", count: 1 },
      ],
    });
    expect((await t.call("GET", API.incentive.statusCounts, {})).status).toBe(401);
  });
});
