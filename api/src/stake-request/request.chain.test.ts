import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import { pli } from "../../../test/chain.ts";
import type { TestApp } from "../../test/app-fixture.ts";
import { chainAppTest, freshOperator, type ChainApp } from "../../test/chain-app.ts";
import { newOperator, nodeBody, registerNode } from "../../test/nodes.ts";
import { API, MESSAGES, NODE_STATUS, STAKE_REQUEST_STATUS, STAKE_STATUS } from "../public-contract/index.ts";

/**
 * Interest requests against a real chain: anvil with the portal's contracts and the Ponder indexer
 * writing `chain.*` into the API's database; Approved needs the farm whitelist sent and indexed. On the worker's
 * shared chain app: fresh operators, and the counts over every request are read against those at the file's start.
 */
let app: ChainApp;
let chain: typeof app.chain;
let synced: typeof app.synced;
let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<typeof freshOperator>>;
let b: Awaited<ReturnType<typeof newOperator>>;
/** What the admin's counts over every request answered before this file made any. */
let before: { total: number; rejected: number; counts: { _id: { status: string }; count: number }[] };

const ask = (token: string, nodeId: string) => t.call("POST", API.stakeRequest.root, { token, body: { nodeId } });
const setStatus = (id: string, status: string) =>
  t.call("POST", API.stakeRequest.updateStatus, { token: admin, body: { _id: id, status } });
const ownStatus = (token: string, nodeId: string) =>
  t.call("GET", `${API.stakeRequest.root}?nodeId=${nodeId}`, { token }).then((r) => r.body);

const totalDocs = async (query = "") =>
  (await t.call("GET", `${API.stakeRequest.root}${query}`, { token: admin })).body.totalDocs as number;
/** How many requests `before` counted in `status`. */
const countBefore = (status: string) => before.counts.find((row) => row._id.status === status)?.count ?? 0;

chainAppTest.beforeAll(async ({ chainApp }) => {
  app = chainApp;
  ({ chain, t, synced } = app);
  admin = await t.adminToken(await t.addAdmin());
  a = await freshOperator(app);
  b = await newOperator(t);
  before = {
    total: await totalDocs(),
    rejected: await totalDocs("?q=rejected"),
    counts: (await t.call("GET", API.stakeRequest.statusCount, { token: admin })).body,
  };
});

describe("interest requests on a real chain", () => {
  let node: { id: string; node: Address; name: string };
  let requestId: string;

  it("an operator asks only for their own Approved or Active node, once while a request is open", async () => {
    const n = app.nodeNumber();
    node = { ...(await registerNode(t, a.token, n)), name: nodeBody(n).name };
    expect(await ask(a.token, node.id)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.requestNodeNotApproved },
    });
    await chain.mined(chain.as("owner").staking.write.whiteListIt([a.address, node.node]));
    await synced();
    expect(
      (await t.call("POST", API.node.edit, { token: admin, body: { _id: node.id, status: NODE_STATUS.approved } }))
        .status,
    ).toBe(200);
    expect(await ownStatus(a.token, node.id)).toEqual({ status: null, _id: null, requests: [] });
    expect((await ask(b.token, node.id)).status).toBe(404);
    const created = await ask(a.token, node.id);
    expect(created).toMatchObject({
      status: 201,
      body: {
        message: "Request Initiated Successfully",
        data: { status: STAKE_REQUEST_STATUS.pending, user: { email: a.email, walletAddress: a.wallet }, stake: [] },
      },
    });
    requestId = created.body.data._id;
    expect(await ask(a.token, node.id)).toMatchObject({ status: 409, body: { error: MESSAGES.requestAlreadyOpen } });
    expect(await ownStatus(a.token, node.id)).toMatchObject({
      status: STAKE_REQUEST_STATUS.pending,
      _id: requestId,
      requests: [{ _id: requestId, nodeId: node.id }],
    });
    expect(await ownStatus(b.token, node.id)).toEqual({ status: null, _id: null, requests: [] });
  });

  it("the database itself refuses a second open request for a node", async () => {
    const row = await t.db
      .selectFrom("app.stake_request")
      .select(["operator_id", "node_id"])
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow();
    await expect(t.db.insertInto("app.stake_request").values(row).execute()).rejects.toThrow(/stake_request_open_key/);
  });

  it("Approved is refused until the farm whitelist (not the staking one) of (wallet, node) is indexed, then saved", async () => {
    expect(await setStatus(requestId, STAKE_REQUEST_STATUS.approved)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.requestNotFarmWhitelisted },
    });
    expect((await setStatus(requestId, STAKE_REQUEST_STATUS.verified)).body).toMatchObject({
      message: "Status Updated Successfully",
      data: { status: STAKE_REQUEST_STATUS.verified },
    });
    expect((await setStatus(requestId, STAKE_REQUEST_STATUS.verified)).status).toBe(200);
    await chain.mined(chain.as("owner").farm.write.whiteListPLIFarmNode([b.address, node.node]));
    await synced();
    expect((await setStatus(requestId, STAKE_REQUEST_STATUS.approved)).status).toBe(409);
    await chain.mined(chain.as("owner").farm.write.whiteListPLIFarmNode([a.address, node.node]));
    await synced();
    expect((await setStatus(requestId, STAKE_REQUEST_STATUS.approved)).body).toMatchObject({
      message: "Status Updated Successfully",
      data: { status: STAKE_REQUEST_STATUS.approved },
    });
    expect(await setStatus(requestId, STAKE_REQUEST_STATUS.approved)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.requestAlreadyApproved },
    });
    expect((await ownStatus(a.token, node.id)).status).toBe(STAKE_REQUEST_STATUS.approved);
  });

  it("Rejected once; a rejected node may ask again, and the old request cannot reopen beside the new one", async () => {
    expect((await setStatus(requestId, STAKE_REQUEST_STATUS.rejected)).body.data.status).toBe(
      STAKE_REQUEST_STATUS.rejected,
    );
    expect(await setStatus(requestId, STAKE_REQUEST_STATUS.rejected)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.requestAlreadyRejected },
    });
    const again = await ask(a.token, node.id);
    expect(again.status).toBe(201);
    expect((await ownStatus(a.token, node.id))._id).toBe(again.body.data._id);
    expect(await setStatus(requestId, STAKE_REQUEST_STATUS.verified)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.requestAlreadyOpen },
    });
    expect(await setStatus("00000000-0000-4000-8000-000000000000", STAKE_REQUEST_STATUS.verified)).toMatchObject({
      status: 404,
    });
  });

  it("the admin list shows the owner's email and wallet and the node's stake from the chain; counts and search", async () => {
    await chain.mined(chain.as(a.key).staking.write.stakeTokens([pli(50_000), node.node]));
    await synced();
    const list = await t.call("GET", `${API.stakeRequest.root}?page=1&limit=5&q=${encodeURIComponent(a.email)}`, {
      token: admin,
    });
    expect(list.body).toMatchObject({ totalDocs: 2, page: 1, limit: 5, totalPages: 1 });
    expect(list.body.docs[0]).toMatchObject({
      status: STAKE_REQUEST_STATUS.pending,
      user: { email: a.email, walletAddress: a.wallet },
      nodesetting: { _id: node.id, nodeAddress: node.node.toLowerCase() },
      stake: [
        {
          _id: `${a.wallet}-${node.node.toLowerCase()}`,
          status: STAKE_STATUS.stake,
          totalStake: pli(50_000).toString(),
        },
      ],
    });
    expect(list.body.docs[1]).toMatchObject({ _id: requestId, status: STAKE_REQUEST_STATUS.rejected });
    expect((await t.call("GET", `${API.stakeRequest.root}?q=${b.email}`, { token: admin })).body.totalDocs).toBe(0);
    expect(await totalDocs("?q=rejected")).toBe(before.rejected + 1);
    const counts = await t.call("GET", API.stakeRequest.statusCount, { token: admin });
    expect(counts.body).toEqual([
      { _id: { status: STAKE_REQUEST_STATUS.pending }, count: countBefore(STAKE_REQUEST_STATUS.pending) + 1 },
      { _id: { status: STAKE_REQUEST_STATUS.approved }, count: countBefore(STAKE_REQUEST_STATUS.approved) },
      { _id: { status: STAKE_REQUEST_STATUS.rejected }, count: countBefore(STAKE_REQUEST_STATUS.rejected) + 1 },
      { _id: { status: STAKE_REQUEST_STATUS.verified }, count: countBefore(STAKE_REQUEST_STATUS.verified) },
    ]);
  });

  it("an admin reads one request with its owner, node and stake, as the list shows it; 404 unknown, 403 for an operator", async () => {
    const byId = (token: string, id: string) => t.call("GET", `${API.stakeRequest.byId}?requestId=${id}`, { token });
    const [listed] = (
      await t.call("GET", `${API.stakeRequest.root}?q=${encodeURIComponent(a.email)}`, { token: admin })
    ).body.docs;
    expect(await byId(admin, listed._id)).toMatchObject({ status: 200, body: listed });
    expect((await byId(admin, listed._id)).body).toMatchObject({
      user: { email: a.email },
      nodesetting: { _id: node.id },
      stake: [{ status: STAKE_STATUS.stake }],
    });
    expect(await byId(admin, "00000000-0000-4000-8000-000000000000")).toMatchObject({
      status: 404,
      body: { error: MESSAGES.requestNotFound },
    });
    expect((await byId(admin, "not-an-id")).status).toBe(400);
    expect((await byId(a.token, listed._id)).status).toBe(403);
  });

  it("exports every matching request as CSV, stake totals in PLI, formula-like cells neutralised", async () => {
    const formula = { id: "", node: "0x" as Address };
    const body = nodeBody(app.nodeNumber(), { name: "=1+2" });
    formula.id = (await t.call("POST", API.node.root, { token: a.token, body })).body.data._id;
    formula.node = body.nodeAddress as Address;
    await chain.mined(chain.as("owner").staking.write.whiteListIt([a.address, formula.node]));
    await synced();
    expect(
      (await t.call("POST", API.node.edit, { token: admin, body: { _id: formula.id, status: NODE_STATUS.approved } }))
        .status,
    ).toBe(200);
    expect((await ask(a.token, formula.id)).status).toBe(201);
    const csv = await t.call("GET", `${API.stakeRequest.export}?q=${encodeURIComponent(a.email)}`, { token: admin });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("requests.csv");
    const lines = (csv.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Date,Status,Email,Wallet Address,Node Name,Node Address,Stake Status,Total Stake (PLI),Last Updated At",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`,Pending,${a.email},${a.wallet},'=1+2,${formula.node.toLowerCase()},,,`);
    expect(lines[2]).toContain(`,Pending,${a.email},${a.wallet},${node.name},${node.node.toLowerCase()},Stake,50000,`);
    expect(lines[3]).toContain(",Rejected,");
    expect((await t.call("GET", `${API.stakeRequest.export}?q=nobody`, { token: admin })).body).toBe(
      "Date,Status,Email,Wallet Address,Node Name,Node Address,Stake Status,Total Stake (PLI),Last Updated At\r\n",
    );
  });

  it("an admin deletes a request", async () => {
    expect((await t.call("POST", API.stakeRequest.delete, { token: admin, body: { id: requestId } })).body).toEqual({
      message: "Request Deleted Successfully",
    });
    expect((await t.call("POST", API.stakeRequest.delete, { token: admin, body: { id: requestId } })).status).toBe(404);
    expect(await totalDocs()).toBe(before.total + 2);
  });
});
