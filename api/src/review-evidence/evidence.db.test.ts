import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { operatorWithActiveNode, submitJob } from "../../test/jobs.ts";
import { newOperator, nodeBody } from "../../test/nodes.ts";
import { utcDay } from "../node-monitor/index.ts";
import { API, LIMITS, MESSAGES, NODE_STATUS, STAKE_REQUEST_STATUS } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let admin: string;
let n = 0;
type Operator = Awaited<ReturnType<typeof newOperator>>;

const add = async (who: Operator, extra: Record<string, unknown> = {}) => {
  const response = await t.call("POST", API.node.root, { token: who.token, body: nodeBody(++n, extra) });
  expect(response.status).toBe(201);
  return response.body.data._id as string;
};
const evidence = (token: string, nodeId: string) =>
  t.call("GET", `${API.reviewEvidence.node}?nodeId=${nodeId}`, { token });

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
});
afterAll(() => t?.close());

describe("review evidence", () => {
  it("tells the admin whether RAM and storage meet the node rules' minimums", async () => {
    const owner = await newOperator(t);
    const meeting = await add(owner, { ram: LIMITS.minRamGb, storage: LIMITS.minStorageGb + 100 });
    expect((await evidence(admin, meeting)).body.hardware).toEqual({
      ram: { value: LIMITS.minRamGb, minimum: LIMITS.minRamGb, meets: true },
      storage: { value: LIMITS.minStorageGb + 100, minimum: LIMITS.minStorageGb, meets: true },
    });
    const roomy = await add(owner, { ram: 64, storage: 2000 });
    expect((await evidence(admin, roomy)).body.hardware.ram).toEqual({
      value: 64,
      minimum: LIMITS.minRamGb,
      meets: true,
    });
  });

  it("shows the monitor's answers, the operator's other nodes and requests, and the node's history", async () => {
    const owner = await newOperator(t);
    const other = await newOperator(t);
    const reviewed = await add(owner);
    const sibling = await add(owner, { name: "Sibling node" });
    const stranger = await add(other);
    await t.call("POST", API.node.edit, { token: admin, body: { _id: reviewed, status: NODE_STATUS.verified } });
    await t.db.updateTable("app.node").set({ status: NODE_STATUS.approved }).where("id", "=", sibling).execute();
    const operatorId = (
      await t.db.selectFrom("app.node").select("operator_id").where("id", "=", sibling).executeTakeFirstOrThrow()
    ).operator_id;
    await t.db
      .insertInto("app.stake_request")
      .values({ operator_id: operatorId, node_id: sibling, status: STAKE_REQUEST_STATUS.verified })
      .execute();
    const today = utcDay(new Date());
    await t.db
      .insertInto("app.node_probe_day")
      .values([
        { node_id: reviewed, day: "2026-01-02", probes: 10, successes: 4 },
        { node_id: reviewed, day: today, probes: 6, successes: 0 },
      ])
      .execute();

    const response = await evidence(admin, reviewed);
    expect(response.status).toBe(200);
    expect(response.body.monitor).toEqual({ probesToday: 6, answeredToday: 0, lastAnsweredDay: "2026-01-02" });
    expect(response.body.operator).toMatchObject({
      _id: operatorId,
      totalStaked: "0",
      otherNodes: [{ _id: sibling, name: "Sibling node", status: NODE_STATUS.approved, stakeStatus: null }],
      requests: [{ nodeName: "Sibling node", status: STAKE_REQUEST_STATUS.verified }],
    });
    expect(JSON.stringify(response.body.operator)).not.toContain(stranger);
    expect(response.body.history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      NODE_STATUS.verified,
      NODE_STATUS.pending,
    ]);
  });

  it("is the admin's only: an operator gets 403, even for their own node", async () => {
    const owner = await newOperator(t);
    const id = await add(owner);
    expect((await evidence(owner.token, id)).status).toBe(403);
    expect((await t.call("GET", `${API.reviewEvidence.node}?nodeId=${id}`)).status).toBe(401);
  });

  it("answers 404 for an unknown node and 400 with the field for a malformed id", async () => {
    expect(await evidence(admin, "00000000-0000-4000-8000-000000000000")).toMatchObject({
      status: 404,
      body: { error: MESSAGES.nodeNotFound },
    });
    const malformed = await evidence(admin, "not-an-id");
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.nodeId).toBeTruthy();
  });
});

describe("job review evidence (issue 44)", () => {
  const jobEvidence = (token: string, jobId: string) =>
    t.call("GET", `${API.reviewEvidence.job}?jobId=${jobId}`, { token });

  it("shows the job's node with its status and monitor answers, the operator's other jobs, and the job's history", async () => {
    const owner = await operatorWithActiveNode(t);
    const reviewed = await submitJob(t, owner, { name: "PLI/XDC price feed" });
    const sibling = await submitJob(t, owner, { name: "Weather feed" });
    const stranger = await operatorWithActiveNode(t);
    await submitJob(t, stranger, { name: "Someone else's feed" });
    const quick = await t.call("POST", API.job.edit, {
      token: admin,
      body: { _id: reviewed, status: "Approved", adminNotes: "Feeds checked against two sources" },
    });
    expect(quick.status).toBe(200);

    const response = await jobEvidence(admin, reviewed);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.node).toMatchObject({ _id: owner.nodeId, status: NODE_STATUS.active, stakeStatus: null });
    expect(body.monitor).toEqual({ probesToday: 0, answeredToday: 0, lastAnsweredDay: null });
    expect(body.otherJobs.map((job: { _id: string; name: string }) => [job._id, job.name])).toEqual([
      [sibling, "Weather feed"],
    ]);
    expect(body.history).toMatchObject([
      {
        action: "reviewed",
        fromStatus: "Pending",
        toStatus: "Approved",
        notes: "Feeds checked against two sources",
      },
      { action: "submitted", fromStatus: null, toStatus: "Pending", notes: "" },
    ]);
  });

  it("is the admin's only, and answers 404 for a job that does not exist", async () => {
    const owner = await operatorWithActiveNode(t);
    const job = await submitJob(t, owner);
    expect((await jobEvidence(owner.token, job)).status).toBe(403);
    expect((await jobEvidence(admin, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await jobEvidence(admin, "not-a-uuid")).status).toBe(400);
  });
});
