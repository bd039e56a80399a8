import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { nodeWithStatus, operatorWithActiveNode, submitJob } from "../../test/jobs.ts";
import { addressOf } from "../../test/nodes.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let admin: string;
type Owner = Awaited<ReturnType<typeof operatorWithActiveNode>>;
let alice: Owner;
let bob: Owner;
/** Alice's second Active node. */
let aliceNode2: string;
const ids: Record<string, string> = {};

const byNode = (token: string, id: string, query = "") =>
  t.call("POST", `${API.job.byNode}${query}`, { token, body: { id } });
const adminList = (query = "") => t.call("GET", `${API.job.root}${query}`, { token: admin });
const namesOf = (body: { docs: { name: string }[] }) => body.docs.map((job) => job.name).sort();

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  alice = await operatorWithActiveNode(t);
  bob = await operatorWithActiveNode(t);
  aliceNode2 = await nodeWithStatus(t, alice.token);
  ids.a1 = await submitJob(t, alice, {
    name: "a1",
    oracleAddress: addressOf(0xa1, "0c"),
    minimumOracle: 1,
    cost: "12.75",
    jobSource: "https://alpha.example.com/feed",
  });
  ids.a2 = await submitJob(t, alice, { name: "a2", jobID: "uniquejobid-7781\njob-2" });
  ids.a3 = await submitJob(t, { token: alice.token, nodeId: aliceNode2 }, { name: "a3" });
  ids.b1 = await submitJob(t, bob, { name: "b1" });
  await t.call("POST", API.job.edit, {
    token: admin,
    body: { _id: ids.a2, status: "Approved", adminNotes: "needs a faster poll timer", jobStatus: "Standby" },
  });
  await t.call("POST", API.job.edit, { token: admin, body: { _id: ids.b1, status: "Rejected" } });
});
afterAll(() => t?.close());

describe("POST /api/job/getbynodeid", () => {
  it("lists one node's jobs, newest first, paged", async () => {
    const response = await byNode(alice.token, alice.nodeId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ totalDocs: 2, page: 1, limit: 5, totalPages: 1 });
    expect(response.body.docs.map((job: { name: string }) => job.name)).toEqual(["a2", "a1"]);
    const page2 = await byNode(alice.token, alice.nodeId, "?page=2&limit=1");
    expect(page2.body).toMatchObject({ totalDocs: 2, page: 2, limit: 1, totalPages: 2 });
    expect(page2.body.docs.map((job: { name: string }) => job.name)).toEqual(["a1"]);
    expect(namesOf((await byNode(alice.token, aliceNode2)).body)).toEqual(["a3"]);
  });

  it("searches by status (and job status)", async () => {
    expect(namesOf((await byNode(alice.token, alice.nodeId, "?q=pend")).body)).toEqual(["a1"]);
    expect(namesOf((await byNode(alice.token, alice.nodeId, "?q=Approved")).body)).toEqual(["a2"]);
    expect(namesOf((await byNode(alice.token, alice.nodeId, "?q=standby")).body)).toEqual(["a2"]);
    expect((await byNode(alice.token, alice.nodeId, "?q=a1")).body.totalDocs).toBe(0);
  });

  it("an operator never sees another operator's node's jobs: 404 as an absent node", async () => {
    for (const id of [alice.nodeId, "00000000-0000-4000-8000-000000000000"]) {
      const response = await byNode(bob.token, id);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(MESSAGES.jobNodeNotFound);
    }
  });

  it("an admin lists any node's jobs", async () => {
    expect(namesOf((await byNode(admin, bob.nodeId)).body)).toEqual(["b1"]);
  });
});

describe("GET /api/job: the admin's Job Requests", () => {
  it("lists every operator's jobs with user and node info", async () => {
    const response = await adminList();
    expect(response.status).toBe(200);
    expect(response.body.totalDocs).toBe(4);
    const b1 = response.body.docs.find((job: { name: string }) => job.name === "b1");
    expect(b1).toMatchObject({
      status: "Rejected",
      user: { email: bob.email, walletAddress: bob.wallet },
      nodesetting: { _id: bob.nodeId, provider: "AWS" },
    });
  });

  it("searches oracle address, job ID, cost, source, status, admin notes, and the owner's name (wallet) and email", async () => {
    const search = async (q: string) => namesOf((await adminList(`?q=${encodeURIComponent(q)}`)).body);
    expect(await search(addressOf(0xa1, "0c").slice(-8))).toEqual(["a1"]);
    expect(await search("UNIQUEJOBID-7781")).toEqual(["a2"]);
    expect(await search("12.75")).toEqual(["a1"]);
    expect(await search("alpha.example")).toEqual(["a1"]);
    expect(await search("rejected")).toEqual(["b1"]);
    expect(await search("faster poll")).toEqual(["a2"]);
    expect(await search(bob.email)).toEqual(["b1"]);
    expect(await search(alice.wallet.slice(2, 14))).toEqual(["a1", "a2", "a3"]);
    expect(await search("100%")).toEqual([]);
    expect(await search("nothing matches this")).toEqual([]);
  });

  it("refuses operators", async () => {
    expect((await t.call("GET", API.job.root, { token: alice.token })).status).toBe(403);
  });
});

describe("the job lists' status chips (issue 44)", () => {
  const counts = (token: string, query = "") => t.call("GET", `${API.job.statusCounts}${query}`, { token });
  it("status keeps one review status, on one node's list and on the admin's", async () => {
    expect(namesOf((await byNode(alice.token, alice.nodeId, "?status=Approved")).body)).toEqual(["a2"]);
    expect(namesOf((await adminList("?status=Pending")).body)).toEqual(["a1", "a3"]);
    expect(namesOf((await adminList("?status=Rejected&q=b")).body)).toEqual(["b1"]);
    const bad = await adminList("?status=Approvedish");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("status");
  });

  it("counts per review status on the server: one node's for its owner, any or all for an admin, no one else's", async () => {
    expect((await counts(alice.token, `?nodeId=${alice.nodeId}`)).body).toEqual({
      counts: [
        { status: "Pending", count: 1 },
        { status: "Approved", count: 1 },
        { status: "Rejected", count: 0 },
      ],
    });
    expect((await counts(admin)).body).toEqual({
      counts: [
        { status: "Pending", count: 2 },
        { status: "Approved", count: 1 },
        { status: "Rejected", count: 1 },
      ],
    });
    expect((await counts(admin, `?nodeId=${bob.nodeId}`)).body.counts[2]).toEqual({ status: "Rejected", count: 1 });
    expect((await counts(bob.token, `?nodeId=${alice.nodeId}`)).status).toBe(404);
    const noNode = await counts(bob.token);
    expect(noNode.status).toBe(400);
    expect(noNode.body.errors).toHaveProperty("nodeId");
  });
});
