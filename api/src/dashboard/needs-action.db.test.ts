import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { categoryId, jobBody, operatorWithActiveNode } from "../../test/jobs.ts";
import { addressOf, newOperator, registerNode } from "../../test/nodes.ts";
import { API, STAKE_REQUEST_STATUS, TICKET_STATUS } from "../public-contract/index.ts";

/** The admin's queue (issue 44 point 3): each count is what its filtered list holds, counted by the database. */
let t: TestAppWithSmtp;
let admin: string;

const queue = async (token = admin) => {
  const response = await t.call("GET", API.dashboard.needsAction, { token });
  expect(response.status).toBe(200);
  return response.body as Record<string, number>;
};
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000);
const firstOfMonthBefore = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString().slice(0, 10);
const unpaidIncentive = (wallet: string, date: string) => ({
  wallet,
  node: addressOf(1, "0b"),
  date,
  token: "1000",
  inactive_count: 0,
  staked_days: 30,
  accrued_days: 30,
  percentage: "2.5",
});

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
});
afterAll(() => t?.close());

describe("needs action", () => {
  it("starts at nothing", async () => {
    expect(await queue()).toEqual({
      pendingNodes: 0,
      pendingJobs: 0,
      pendingStakeRequests: 0,
      dueIncentives: 0,
      uncheckedActivity: 0,
      ticketsAwaitingReply: 0,
    });
  });

  it("counts pending nodes, jobs and stake requests, open tickets and unpaid incentives past their payment date", async () => {
    const operator = await newOperator(t);
    const node = await registerNode(t, operator.token, 7);
    const other = await registerNode(t, operator.token, 8);
    const owner = await operatorWithActiveNode(t);
    const job = await t.call("POST", `${API.job.root}/`, {
      token: owner.token,
      body: jobBody(owner.nodeId, await categoryId(t)),
    });
    expect(job.status).toBe(201);
    const operatorId = (
      await t.db.selectFrom("app.node").select("operator_id").where("id", "=", node.id).executeTakeFirstOrThrow()
    ).operator_id;
    await t.db
      .insertInto("app.stake_request")
      .values([
        { operator_id: operatorId, node_id: node.id, status: STAKE_REQUEST_STATUS.pending },
        { operator_id: operatorId, node_id: other.id, status: STAKE_REQUEST_STATUS.approved },
      ])
      .execute();
    await t.db
      .insertInto("app.ticket")
      .values([
        { operator_id: operatorId, subject: "Node not syncing", status: TICKET_STATUS.open },
        { operator_id: operatorId, subject: "Answered already", status: TICKET_STATUS.answered },
        { operator_id: operatorId, subject: "Closed already", status: TICKET_STATUS.closed },
      ])
      .execute();
    await t.db
      .insertInto("app.incentive")
      .values([
        unpaidIncentive(operator.wallet, firstOfMonthBefore(dayOffset(-40))),
        unpaidIncentive(operator.wallet, firstOfMonthBefore(dayOffset(40))),
      ])
      .execute();
    expect(await queue()).toEqual({
      pendingNodes: 2,
      pendingJobs: 1,
      pendingStakeRequests: 1,
      dueIncentives: 1,
      uncheckedActivity: 0,
      ticketsAwaitingReply: 1,
    });
  });

  it("is the admin's only: an operator gets 403, no session 401", async () => {
    const operator = await newOperator(t);
    expect((await t.call("GET", API.dashboard.needsAction, { token: operator.token })).status).toBe(403);
    expect((await t.call("GET", API.dashboard.needsAction)).status).toBe(401);
  });
});
