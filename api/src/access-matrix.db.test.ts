import { randomUUID } from "node:crypto";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { createTestAppWithSmtp, PUBLIC_URL, type TestAppWithSmtp } from "../test/app-fixture.ts";
import { imageForm, PNG_1X1 } from "../test/images.ts";
import { categoryId, jobBody, nodeWithStatus } from "../test/jobs.ts";
import { nodeBody } from "../test/nodes.ts";
import { SoftwareAuthenticator } from "../test/webauthn.ts";
import { API, NODE_STATUS } from "./public-contract/index.ts";

type Who = "anonymous" | "operatorA" | "operatorB" | "operatorNo2fa" | "admin";
let t: TestAppWithSmtp;
const tokens: Partial<Record<Who, string>> = {};
let rpcOfA: string;
let approvedNodeOfA: string;

const rpcBody = { name: "A's node", provider: "AWS", rpc: "https://a.example.com", wss: "wss://a.example.com" };
const settingBody = {
  applicationName: "Portal",
  minimumStake: "50000",
  maximumStake: "1000000",
  multiplyOf: "1000",
  incentivePercentage: "2.5",
};

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  await t.addValidator(DEV_KEYS.validator);
  await t.addValidator(DEV_KEYS.standby);
  await t.addValidator(DEV_KEYS.outsider);
  tokens.operatorNo2fa = await t.operatorTokenWithout2fa(DEV_KEYS.outsider);
  tokens.operatorA = await t.operatorToken(DEV_KEYS.validator);
  tokens.operatorB = await t.operatorToken(DEV_KEYS.standby);
  tokens.admin = await t.adminToken(await t.addAdmin());
});
afterAll(() => t?.close());

const as = (who: Who, method: "GET" | "POST", url: string, body?: unknown) =>
  t.call(method, url, { body, token: tokens[who] });

describe("access matrix", () => {
  it("settings: anyone reads; only an admin writes", async () => {
    for (const who of ["anonymous", "operatorA", "admin"] as const)
      expect((await as(who, "GET", API.setting)).status).toBe(200);
    expect((await as("anonymous", "POST", API.setting, settingBody)).status).toBe(401);
    expect((await as("operatorA", "POST", API.setting, settingBody)).status).toBe(403);
    expect((await as("admin", "POST", API.setting, settingBody)).status).toBe(200);
  });

  it("unchecked chain activity and recording a limit change: admin only", async () => {
    const hint = { tnxHash: `0x${"ab".repeat(32)}` };
    expect((await as("anonymous", "GET", API.unchecked)).status).toBe(401);
    expect((await as("operatorA", "GET", API.unchecked)).status).toBe(403);
    expect((await as("admin", "GET", API.unchecked)).status).toBe(200);
    expect((await as("anonymous", "POST", API.settingStakeLimits, hint)).status).toBe(401);
    expect((await as("operatorA", "POST", API.settingStakeLimits, hint)).status).toBe(403);
    expect((await as("admin", "POST", API.settingStakeLimits, hint)).status).toBe(404);
  });

  it("the audit trail, its export and its admins: admin only", async () => {
    for (const url of [API.audit.root, API.audit.export, API.audit.admins]) {
      expect((await as("anonymous", "GET", url)).status, url).toBe(401);
      expect((await as("operatorA", "GET", url)).status, url).toBe(403);
      expect((await as("operatorNo2fa", "GET", url)).status, url).toBe(403);
      expect((await as("admin", "GET", url)).status, url).toBe(200);
    }
  });

  it("admin password change: admin only, and never with the session alone", async () => {
    const body = {
      currentPassword: "correct horse battery",
      password: "twelve chars ok",
      password2: "twelve chars ok",
    };
    expect((await as("anonymous", "POST", API.admin.update, body)).status).toBe(401);
    expect((await as("operatorA", "POST", API.admin.update, body)).status).toBe(403);
    const { currentPassword: _omitted, ...sessionAlone } = body;
    expect((await as("admin", "POST", API.admin.update, sessionAlone)).status).toBe(400);
  });

  it("user endpoint: an operator gets only themself; an admin gets the list; anonymous gets 401", async () => {
    expect((await as("anonymous", "GET", API.operator.root)).status).toBe(401);
    const a = await as("operatorA", "GET", `${API.operator.root}?page=1&limit=50`);
    expect(a.body.docs).toBeUndefined();
    expect(a.body.walletAddress).toBeTruthy();
    const list = await as("admin", "GET", API.operator.root);
    expect(list.body.totalDocs).toBe(3);
    expect((await as("operatorNo2fa", "GET", API.operator.root)).status).toBe(200);
  });

  it("2FA endpoints: operators only, reachable before 2FA is on", async () => {
    expect((await as("anonymous", "POST", API.operator.twofaSetup)).status).toBe(401);
    expect((await as("admin", "POST", API.operator.twofaSetup)).status).toBe(403);
    expect((await as("operatorA", "POST", API.operator.twofaSetup)).status).toBe(409);
    expect((await as("operatorNo2fa", "POST", API.operator.twofaSetup)).status).toBe(200);
  });

  it("operator routes other than the profile and 2FA set-up refuse an operator whose 2FA is off", async () => {
    expect((await as("operatorNo2fa", "GET", API.rpcurl.root)).status).toBe(403);
    expect((await as("operatorNo2fa", "POST", `${API.rpcurl.root}/`, rpcBody)).status).toBe(403);
    expect((await as("operatorNo2fa", "POST", API.upload, imageForm(PNG_1X1, "a.png"))).status).toBe(403);
  });

  it("operator access: admin only; sign-out: anyone signed in", async () => {
    const body = { _id: "00000000-0000-4000-8000-000000000000", enabled: true };
    expect((await as("anonymous", "POST", API.operator.access, body)).status).toBe(401);
    expect((await as("operatorA", "POST", API.operator.access, body)).status).toBe(403);
    expect((await as("admin", "POST", API.operator.access, body)).status).toBe(404);
    expect((await as("anonymous", "POST", API.operator.logout)).status).toBe(401);
  });

  it("upload: signed-in users only", async () => {
    expect((await as("anonymous", "POST", API.upload, imageForm(PNG_1X1, "a.png"))).status).toBe(401);
    expect((await as("operatorB", "POST", API.upload, imageForm(PNG_1X1, "a.png"))).status).toBe(200);
    expect((await as("admin", "POST", API.upload, imageForm(PNG_1X1, "a.png"))).status).toBe(200);
  });

  it("RPC URLs: an operator never sees or changes another's record; an admin reaches all", async () => {
    rpcOfA = (await as("operatorA", "POST", API.rpcurl.root, rpcBody)).body.data._id;
    expect((await as("anonymous", "GET", API.rpcurl.root)).status).toBe(401);
    expect((await as("anonymous", "POST", API.rpcurl.root, rpcBody)).status).toBe(401);
    expect((await as("operatorB", "GET", API.rpcurl.root)).body.totalDocs).toBe(0);
    expect((await as("operatorA", "GET", API.rpcurl.root)).body.totalDocs).toBe(1);
    expect((await as("operatorB", "POST", API.rpcurl.edit, { ...rpcBody, name: "hijack", _id: rpcOfA })).status).toBe(
      404,
    );
    expect((await as("operatorB", "POST", API.rpcurl.delete, { id: rpcOfA })).status).toBe(404);
    expect((await as("operatorA", "GET", API.rpcurl.root)).body.docs[0].name).toBe("A's node");
    expect((await as("admin", "GET", API.rpcurl.root)).body.totalDocs).toBe(1);
    expect(
      (await as("admin", "POST", API.rpcurl.edit, { ...rpcBody, name: "fixed by admin", _id: rpcOfA })).status,
    ).toBe(200);
    expect((await as("admin", "POST", API.rpcurl.delete, { id: rpcOfA })).status).toBe(200);
  });

  it("nodes: operators add and reach their own; admins review, list by tab and delete; every node route refuses anonymous and a 2FA-less operator", async () => {
    const body = nodeBody(1);
    const nodeOfA = (await as("operatorA", "POST", API.node.root, body)).body.data._id;
    const id = { id: nodeOfA };
    const nodeSettingID = { nodeSettingID: nodeOfA };
    const calls: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["GET", API.node.root],
      ["POST", API.node.root, nodeBody(2)],
      ["POST", API.node.checkIp, { ipaddress: body.ipaddress }],
      ["POST", API.node.filterList, { status: "All" }],
      ["GET", `${API.node.byId}?nodeId=${nodeOfA}`],
      ["POST", API.node.edit, { _id: nodeOfA, status: "Verified" }],
      ["POST", API.node.deactivate, { _id: nodeOfA, status: "De-Active" }],
      ["POST", API.node.reputation, nodeSettingID],
      ["POST", API.node.inactiveDates, nodeSettingID],
      ["POST", API.node.delete, id],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as("anonymous", method, url, payload)).status, `${method} ${url}`).toBe(401);
      expect((await as("operatorNo2fa", method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect((await as("operatorA", "GET", API.node.root)).body.totalDocs).toBe(1);
    expect((await as("operatorB", "GET", API.node.root)).body.totalDocs).toBe(0);
    expect((await as("operatorB", "GET", `${API.node.byId}?nodeId=${nodeOfA}`)).status).toBe(404);
    expect((await as("operatorB", "POST", API.node.deactivate, { _id: nodeOfA, status: "De-Active" })).status).toBe(
      404,
    );
    expect((await as("operatorB", "POST", API.node.reputation, nodeSettingID)).status).toBe(404);
    expect((await as("operatorA", "POST", API.node.filterList, { status: "All" })).status).toBe(403);
    expect((await as("operatorA", "POST", API.node.delete, id)).status).toBe(403);
    expect((await as("admin", "POST", API.node.root, nodeBody(3))).status).toBe(403);
    expect((await as("admin", "GET", API.node.root)).body.totalDocs).toBe(1);
    expect((await as("admin", "POST", API.node.filterList, { status: "All" })).body.counts.All).toBe(1);
    expect((await as("admin", "POST", API.node.edit, { _id: nodeOfA, status: "Verified" })).status).toBe(200);
    expect((await as("admin", "POST", API.node.delete, id)).status).toBe(200);
  });

  it("jobs: a Validator operator submits on their Active node and reaches only their own jobs; admins list, review and delete; categories: anyone signed in reads, admins change", async () => {
    const nodeOfA = await nodeWithStatus(t, tokens.operatorA!);
    const nodeOfB = await nodeWithStatus(t, tokens.operatorB!);
    const priceFeed = await categoryId(t);
    const jobOfA = (await as("operatorA", "POST", API.job.root, jobBody(nodeOfA, priceFeed))).body.data._id;
    const id = { id: jobOfA };
    const category = { categoryName: "Matrix" };
    const calls: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["POST", API.job.byNode, { id: nodeOfA }],
      ["GET", API.job.root],
      ["POST", API.job.root, jobBody(nodeOfA, priceFeed)],
      ["POST", API.job.edit, { _id: jobOfA, polltimer: 30 }],
      ["POST", API.job.delete, id],
      ["GET", API.jobCategory.root],
      ["POST", API.jobCategory.root, category],
      ["POST", API.jobCategory.edit, { ...category, _id: priceFeed }],
      ["POST", API.jobCategory.delete, { id: priceFeed }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as("anonymous", method, url, payload)).status, `${method} ${url}`).toBe(401);
      expect((await as("operatorNo2fa", method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect((await as("operatorA", "POST", API.job.byNode, { id: nodeOfA })).body.totalDocs).toBe(1);
    expect((await as("operatorB", "POST", API.job.byNode, { id: nodeOfA })).status).toBe(404);
    expect((await as("operatorB", "POST", API.job.edit, { _id: jobOfA, polltimer: 30 })).status).toBe(404);
    expect((await as("operatorB", "POST", API.job.root, jobBody(nodeOfA, priceFeed))).status).toBe(404);
    expect((await as("operatorA", "POST", API.job.root, jobBody(nodeOfB, priceFeed))).status).toBe(404);
    expect((await as("operatorA", "GET", API.job.root)).status).toBe(403);
    expect((await as("operatorA", "POST", API.job.delete, id)).status).toBe(403);
    expect((await as("operatorA", "GET", API.jobCategory.root)).status).toBe(200);
    expect((await as("operatorA", "POST", API.jobCategory.root, category)).status).toBe(403);
    expect((await as("operatorA", "POST", API.jobCategory.delete, { id: priceFeed })).status).toBe(403);
    expect((await as("admin", "POST", API.job.root, jobBody(nodeOfA, priceFeed))).status).toBe(403);
    expect((await as("admin", "GET", API.job.root)).body.totalDocs).toBe(1);
    expect((await as("admin", "POST", API.job.byNode, { id: nodeOfA })).body.totalDocs).toBe(1);
    expect((await as("admin", "POST", API.job.edit, { _id: jobOfA, status: "Approved", adminNotes: "" })).status).toBe(
      200,
    );
    expect((await as("operatorA", "POST", API.job.edit, { _id: jobOfA, polltimer: 30 })).status).toBe(200);
    expect((await as("admin", "POST", API.jobCategory.root, category)).status).toBe(201);
    expect((await as("admin", "POST", API.jobCategory.delete, { id: priceFeed })).status).toBe(409);
    expect((await as("admin", "POST", API.job.delete, id)).status).toBe(200);
  });

  it("requests: an operator asks and reads only for their own nodes; admins list, count, review and delete", async () => {
    const nodeOfA = (approvedNodeOfA = await nodeWithStatus(t, tokens.operatorA!, NODE_STATUS.approved));
    const created = await as("operatorA", "POST", API.stakeRequest.root, { nodeId: nodeOfA });
    expect(created.status).toBe(201);
    const requestOfA = created.body.data._id;
    const calls: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["GET", API.stakeRequest.root],
      ["POST", API.stakeRequest.root, { nodeId: nodeOfA }],
      ["GET", API.stakeRequest.statusCount],
      ["POST", API.stakeRequest.updateStatus, { _id: requestOfA, status: "Verified" }],
      ["POST", API.stakeRequest.delete, { id: requestOfA }],
      ["GET", API.stakeRequest.export],
      ["GET", `${API.stakeRequest.byId}?requestId=${requestOfA}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as("anonymous", method, url, payload)).status, `${method} ${url}`).toBe(401);
      expect((await as("operatorNo2fa", method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect((await as("operatorB", "POST", API.stakeRequest.root, { nodeId: nodeOfA })).status).toBe(404);
    expect((await as("operatorB", "GET", `${API.stakeRequest.root}?nodeId=${nodeOfA}`)).body).toEqual({
      status: null,
      _id: null,
      requests: [],
    });
    expect((await as("operatorA", "GET", `${API.stakeRequest.root}?nodeId=${nodeOfA}`)).body).toMatchObject({
      status: "Pending",
      _id: requestOfA,
    });
    for (const [method, url, payload] of calls.slice(2))
      expect((await as("operatorA", method, url, payload)).status, `${method} ${url}`).toBe(403);
    expect((await as("admin", "GET", API.stakeRequest.export)).body).toContain(",Pending,");
    expect((await as("admin", "POST", API.stakeRequest.root, { nodeId: nodeOfA })).status).toBe(403);
    expect((await as("admin", "GET", API.stakeRequest.root)).body.totalDocs).toBe(1);
    expect((await as("admin", "GET", API.stakeRequest.statusCount)).status).toBe(200);
    expect((await as("admin", "GET", `${API.stakeRequest.byId}?requestId=${requestOfA}`)).body).toMatchObject({
      _id: requestOfA,
      status: "Pending",
    });
    expect(
      (await as("admin", "POST", API.stakeRequest.updateStatus, { _id: requestOfA, status: "Verified" })).status,
    ).toBe(200);
    expect((await as("admin", "POST", API.stakeRequest.delete, { id: requestOfA })).status).toBe(200);
  });

  it("stakes: operators read their own totals, statuses and transactions and send hints for their own nodes; admins list, unlock; nobody deletes", async () => {
    const nodeOfA = approvedNodeOfA;
    const hash = `0x${"ab".repeat(32)}`;
    const { node_address } = await t.db
      .selectFrom("app.node")
      .select("node_address")
      .where("id", "=", nodeOfA)
      .executeTakeFirstOrThrow();
    const positionOfA = `${privateKeyToAccount(DEV_KEYS.validator).address.toLowerCase()}-${node_address}`;
    const calls: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["GET", API.stake.root],
      ["GET", API.stake.total],
      ["GET", `${API.stake.status}?nodeId=${nodeOfA}`],
      ["GET", API.stake.transactions],
      ["GET", API.stake.transactionsExport],
      ["POST", API.stake.root, { nodeId: nodeOfA, tnxHash: hash, totalStake: "1" }],
      ["POST", API.stake.unlock, { _id: positionOfA }],
      ["POST", API.stake.withdraw, { _id: positionOfA, transactionHash: hash }],
      ["POST", API.stake.delete],
      ["POST", API.stake.deactivate],
      ["GET", `${API.stake.byId}?stakeId=${positionOfA}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as("anonymous", method, url, payload)).status, `${method} ${url}`).toBe(401);
      expect((await as("operatorNo2fa", method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect((await as("operatorA", "GET", API.stake.total)).body).toEqual({ tillStake: "0" });
    expect((await as("operatorA", "GET", `${API.stake.status}?nodeId=${nodeOfA}`)).body).toEqual({
      currentStatus: null,
      _id: null,
    });
    expect((await as("operatorA", "GET", API.stake.transactions)).body.totalDocs).toBe(0);
    // Past the access check the hint asks the chain for the receipt; this app's RPC address answers nothing: 503.
    expect((await as("operatorA", "POST", API.stake.root, { nodeId: nodeOfA, tnxHash: hash })).status).toBe(503);
    expect((await as("operatorB", "GET", `${API.stake.total}?nodeId=${nodeOfA}`)).status).toBe(404);
    expect((await as("operatorB", "GET", `${API.stake.status}?nodeId=${nodeOfA}`)).status).toBe(404);
    expect((await as("operatorB", "POST", API.stake.root, { nodeId: nodeOfA, tnxHash: hash })).status).toBe(404);
    expect(
      (await as("operatorB", "POST", API.stake.withdraw, { _id: positionOfA, transactionHash: hash })).status,
    ).toBe(404);
    for (const [method, url, payload] of [calls[0]!, calls[6]!, calls[8]!, calls[9]!, calls[10]!])
      expect((await as("operatorA", method, url, payload)).status, `${method} ${url}`).toBe(403);
    for (const [method, url, payload] of [calls[1]!, calls[5]!, calls[7]!])
      expect((await as("admin", method, url, payload)).status, `${method} ${url}`).toBe(403);
    expect((await as("admin", "GET", API.stake.root)).body.totalDocs).toBe(0);
    expect((await as("admin", "GET", API.stake.transactions)).body.totalDocs).toBe(0);
    expect((await as("admin", "GET", `${API.stake.status}?nodeId=${nodeOfA}`)).status).toBe(200);
    expect((await as("admin", "GET", `${API.stake.byId}?stakeId=${positionOfA}`)).status).toBe(404);
    expect((await as("admin", "POST", API.stake.unlock, { _id: positionOfA })).status).toBe(404);
    expect((await as("admin", "POST", API.stake.delete)).status).toBe(409);
    expect((await as("admin", "POST", API.stake.deactivate)).status).toBe(409);
  });

  it("incentives: operators list, export and open only their own; admins reach all, plan payouts, send hints, read totals and discrepancies, delete", async () => {
    const walletOfA = privateKeyToAccount(DEV_KEYS.validator).address.toLowerCase();
    const row = (wallet: string, date: string) => ({
      wallet,
      node: `0x${"0b".repeat(20)}`,
      date,
      token: "1000",
      inactive_count: 0,
      staked_days: 30,
      accrued_days: 30,
      percentage: "2.5",
    });
    const [ofA, ofOther] = await t.db
      .insertInto("app.incentive")
      .values([row(walletOfA, "2027-02-01"), row(`0x${"0c".repeat(20)}`, "2027-02-01")])
      .returning("id")
      .execute();
    const hash = `0x${"cd".repeat(32)}`;
    const calls: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["GET", API.incentive.root],
      ["GET", API.incentive.export],
      ["GET", `${API.incentive.taxReport}?from=2027-01-01&to=2027-12-31`],
      ["GET", `${API.incentive.byId}?incentiveId=${ofA!.id}`],
      ["GET", API.incentive.summary],
      ["GET", API.incentive.discrepancies],
      ["POST", API.incentive.payout, { ids: [ofA!.id] }],
      ["POST", API.incentive.payoutRenew, { planId: randomUUID(), ids: [ofA!.id] }],
      ["POST", API.incentive.payoutRelease, { planId: randomUUID(), ids: [ofA!.id] }],
      ["POST", API.incentive.update, { tnxHash: hash, selectedArray: [{ _id: ofA!.id }] }],
      ["POST", API.incentive.deposit, { tnxHash: hash }],
      ["POST", API.incentive.delete, { id: ofOther!.id }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as("anonymous", method, url, payload)).status, `${method} ${url}`).toBe(401);
      expect((await as("operatorNo2fa", method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect((await as("operatorA", "GET", API.incentive.root)).body).toMatchObject({
      totalDocs: 1,
      docs: [{ _id: ofA!.id }],
    });
    expect((await as("operatorB", "GET", API.incentive.root)).body.totalDocs).toBe(0);
    expect((await as("operatorA", "GET", API.incentive.export)).body.trimEnd().split("\r\n")).toHaveLength(2);
    expect((await as("operatorB", "GET", API.incentive.export)).body.trimEnd().split("\r\n")).toHaveLength(1);
    for (const [method, url, payload] of calls.slice(4))
      expect((await as("operatorA", method, url, payload)).status, `${method} ${url}`).toBe(403);
    expect((await as("operatorA", "GET", `${API.incentive.byId}?incentiveId=${ofA!.id}`)).body._id).toBe(ofA!.id);
    expect((await as("operatorA", "GET", `${API.incentive.byId}?incentiveId=${ofOther!.id}`)).status).toBe(404);
    expect((await as("operatorB", "GET", `${API.incentive.byId}?incentiveId=${ofA!.id}`)).status).toBe(404);
    expect((await as("admin", "GET", API.incentive.root)).body.totalDocs).toBe(2);
    expect((await as("admin", "GET", `${API.incentive.byId}?incentiveId=${ofA!.id}`)).status).toBe(200);
    expect((await as("admin", "GET", API.incentive.summary)).body).toMatchObject({
      total: { count: 2, token: "2000" },
      rewardBalance: "0",
      discrepancies: 0,
    });
    expect((await as("admin", "GET", API.incentive.discrepancies)).body.totalDocs).toBe(0);
    expect((await as("admin", "POST", API.incentive.payout, { ids: [ofA!.id] })).status).toBe(409);
    expect(
      (await as("admin", "POST", API.incentive.payoutRelease, { planId: randomUUID(), ids: [ofA!.id] })).body,
    ).toEqual({ released: 0 });
    expect(
      (await as("admin", "POST", API.incentive.update, { tnxHash: hash, selectedArray: [{ _id: ofA!.id }] })).status,
    ).toBe(503);
    expect((await as("admin", "POST", API.incentive.deposit, { tnxHash: hash })).status).toBe(404);
    expect((await as("admin", "POST", API.incentive.delete, { id: ofOther!.id })).status).toBe(200);
  });

  it("dashboards: the operator's for operators, the admin's for admins", async () => {
    for (const url of [API.dashboard.user, API.dashboard.admin]) {
      expect((await as("anonymous", "GET", url)).status, url).toBe(401);
      expect((await as("operatorNo2fa", "GET", url)).status, url).toBe(403);
    }
    expect((await as("operatorA", "GET", API.dashboard.user)).body.count).toEqual({ tnxCount: 0, incentiveCount: 1 });
    expect((await as("operatorA", "GET", API.dashboard.admin)).status).toBe(403);
    expect((await as("admin", "GET", API.dashboard.user)).status).toBe(403);
    expect((await as("admin", "GET", API.dashboard.admin)).body.count).toMatchObject({
      userCount: 3,
      incentiveCount: 1,
    });
  });

  it("alert preferences: each operator reads and saves their own, 2FA on or off; admins and anonymous are refused", async () => {
    const prefs = { nodeInactive: true, nodeStatus: false, jobStatus: true, stakeUnlocked: true };
    expect((await t.call("PUT", API.alert.preferences, { token: tokens.operatorA, body: prefs })).status).toBe(200);
    expect((await as("operatorB", "GET", API.alert.preferences)).body.nodeStatus).toBe(true);
    expect((await as("operatorA", "GET", API.alert.preferences)).body.nodeStatus).toBe(false);
    expect((await as("operatorNo2fa", "GET", API.alert.preferences)).status).toBe(200);
    expect((await t.call("PUT", API.alert.preferences, { body: prefs })).status).toBe(401);
    expect((await as("anonymous", "GET", API.alert.preferences)).status).toBe(401);
    expect((await as("admin", "GET", API.alert.preferences)).status).toBe(403);
    expect((await t.call("PUT", API.alert.preferences, { token: tokens.admin, body: prefs })).status).toBe(403);
  });

  it("webhooks: an operator reaches only their own; admins and anonymous are refused", async () => {
    const added = await t.call("POST", API.webhook.root, {
      token: tokens.operatorA,
      body: { kind: "slack", url: "http://127.0.0.1:9/matrix" },
    });
    expect(added.status).toBe(201);
    const id = added.body.data._id as string;
    expect((await as("operatorA", "GET", API.webhook.root)).body.data.map((hook: { _id: string }) => hook._id)).toEqual(
      [id],
    );
    expect((await as("operatorB", "GET", API.webhook.root)).body.data).toEqual([]);
    for (const [method, url, body] of [
      ["POST", API.webhook.edit, { _id: id, name: "Taken over" }],
      ["POST", API.webhook.test, { _id: id }],
      ["GET", `${API.webhook.deliveries}?webhookId=${id}`, undefined],
      ["POST", API.webhook.delete, { _id: id }],
    ] as const) {
      expect((await as("operatorB", method, url, body)).status, `${method} ${url}`).toBe(404);
      expect((await as("admin", method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await as("anonymous", method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    expect((await as("admin", "GET", API.webhook.root)).status).toBe(403);
    expect((await as("anonymous", "GET", API.webhook.root)).status).toBe(401);
    expect((await as("operatorA", "POST", API.webhook.delete, { _id: id })).status).toBe(200);
  });

  it("tickets: operators open and reach only their own; admins list, read, reply to and close any; every ticket route refuses anonymous and a 2FA-less operator", async () => {
    const opened = await as("operatorA", "POST", API.ticket.root, { subject: "Help", message: "Please help" });
    expect(opened.status).toBe(201);
    const ticketOfA = opened.body.data._id;
    const calls: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["GET", API.ticket.root],
      ["POST", API.ticket.root, { subject: "Help", message: "Please help" }],
      ["GET", `${API.ticket.byId}?ticketId=${ticketOfA}`],
      ["POST", API.ticket.reply, { _id: ticketOfA, message: "More" }],
      ["POST", API.ticket.close, { _id: ticketOfA }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as("anonymous", method, url, payload)).status, `${method} ${url}`).toBe(401);
      expect((await as("operatorNo2fa", method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect((await as("operatorB", "GET", API.ticket.root)).body.totalDocs).toBe(0);
    expect((await as("operatorB", "GET", `${API.ticket.byId}?ticketId=${ticketOfA}`)).status).toBe(404);
    expect((await as("operatorB", "POST", API.ticket.reply, { _id: ticketOfA, message: "Mine now" })).status).toBe(404);
    expect((await as("operatorA", "POST", API.ticket.close, { _id: ticketOfA })).status).toBe(403);
    expect((await as("admin", "POST", API.ticket.root, { subject: "Help", message: "Please help" })).status).toBe(403);
    expect((await as("admin", "GET", API.ticket.root)).body.totalDocs).toBe(1);
    expect((await as("admin", "GET", `${API.ticket.byId}?ticketId=${ticketOfA}`)).status).toBe(200);
    expect((await as("admin", "POST", API.ticket.reply, { _id: ticketOfA, message: "Answer" })).status).toBe(200);
    expect((await as("operatorA", "POST", API.ticket.reply, { _id: ticketOfA, message: "Thanks" })).status).toBe(200);
    expect((await as("admin", "POST", API.ticket.close, { _id: ticketOfA })).status).toBe(200);
  });

  it("invites: admin only", async () => {
    for (const who of ["anonymous", "operatorA"] as const) {
      expect((await as(who, "GET", API.invite.root)).status).toBe(who === "anonymous" ? 401 : 403);
      expect((await as(who, "POST", API.invite.root, { email: "a@example.com" })).status).toBe(
        who === "anonymous" ? 401 : 403,
      );
      expect((await as(who, "POST", API.invite.delete, { id: "00000000-0000-4000-8000-000000000000" })).status).toBe(
        who === "anonymous" ? 401 : 403,
      );
    }
    const invite = await as("admin", "POST", API.invite.root, { email: "a@example.com" });
    expect(invite.status).toBe(201);
    expect((await as("admin", "GET", API.invite.root)).body.totalDocs).toBe(1);
    expect((await as("admin", "POST", API.invite.delete, { id: invite.body.data._id })).status).toBe(200);
  });

  it("validator directory: admin only", async () => {
    const wallet = `0x${"7e".repeat(20)}`;
    const calls: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["GET", API.validator.root],
      ["GET", API.validator.export],
      ["POST", API.validator.root, { walletAddress: wallet, userRole: "Validator" }],
      ["POST", API.validator.role, { walletAddress: wallet, userRole: "Standby" }],
      ["POST", API.validator.import, { rows: [{ walletAddress: wallet, userRole: "Validator" }] }],
      ["POST", API.validator.delete, { walletAddress: wallet }],
      ["POST", API.invite.import, { rows: [{ email: "b@example.com" }] }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as("anonymous", method, url, payload)).status, `${method} ${url}`).toBe(401);
      expect((await as("operatorA", method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect((await as("admin", "GET", API.validator.root)).status).toBe(200);
  });

  it("passkeys: an admin manages only their own; the sign-in steps are public and finish only a live attempt", async () => {
    const none = "00000000-0000-4000-8000-000000000000";
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const calls: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["GET", API.passkey.root],
      ["POST", API.passkey.registerOptions, { password: "correct horse battery" }],
      ["POST", API.passkey.register, { name: "Key", response: authenticator.create({ rp: {}, challenge: "AAAA" }) }],
      ["POST", API.passkey.rename, { _id: none, name: "Key" }],
      ["POST", API.passkey.delete, { id: none, password: "correct horse battery" }],
      ["POST", API.passkey.fallback, { enabled: true, password: "correct horse battery" }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as("anonymous", method, url, payload)).status, `${method} ${url}`).toBe(401);
      expect((await as("operatorA", method, url, payload)).status, `${method} ${url}`).toBe(403);
      expect((await as("operatorNo2fa", method, url, payload)).status, `${method} ${url}`).toBe(403);
    }
    expect((await as("admin", "GET", API.passkey.root)).body).toEqual({ passkeys: [], emailCodeFallback: true });
    expect((await as("admin", ...calls[1]!)).status).toBe(200);
    expect((await as("admin", ...calls[2]!)).status).toBe(400);
    expect((await as("admin", ...calls[3]!)).status).toBe(404);
    expect((await as("admin", ...calls[4]!)).status).toBe(404);
    expect((await as("admin", ...calls[5]!)).status).toBe(200);
    for (const who of ["anonymous", "operatorA", "admin"] as const) {
      expect((await as(who, "POST", API.passkey.signInOptions, { _id: none })).status).toBe(400);
      expect(
        (await as(who, "POST", API.passkey.signIn, { _id: none, response: authenticator.get({ challenge: "AAAA" }) }))
          .status,
      ).toBe(400);
    }
  });

  it("the network page: anyone reads, signed in or not; only an operator (2FA on or off, as on the profile) shows or hides their own node names", async () => {
    for (const who of ["anonymous", "operatorA", "operatorNo2fa", "admin"] as const)
      expect((await as(who, "GET", API.network.root)).status, who).toBe(200);
    for (const method of ["GET", "PUT"] as const) {
      const call = (who: Who) =>
        t.call(method, API.network.listing, {
          token: tokens[who],
          body: method === "PUT" ? { showNodeNames: true } : undefined,
        });
      expect((await call("anonymous")).status, method).toBe(401);
      expect((await call("admin")).status, method).toBe(403);
      expect((await call("operatorNo2fa")).status, method).toBe(200);
      expect((await call("operatorA")).status, method).toBe(200);
    }
  });

  it("a forged or expired token is refused on protected routes but public routes still answer", async () => {
    const forged = `${tokens.admin!.slice(0, -4)}AAAA`;
    expect((await t.call("GET", API.rpcurl.root, { token: forged })).status).toBe(401);
    expect((await t.call("GET", API.setting, { token: forged })).status).toBe(200);
  });
});
