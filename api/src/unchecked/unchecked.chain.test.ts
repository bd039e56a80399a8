import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { pli } from "../../../test/chain.ts";
import type { TestApp } from "../../test/app-fixture.ts";
import { startChainApp } from "../../test/chain-app.ts";
import { newOperator, nodeBody } from "../../test/nodes.ts";
import { API, MESSAGES, NODE_STATUS, STAKE_REQUEST_STATUS } from "../public-contract/index.ts";

/**
 * What the contract does not check, made directly on the chain (issue 20, point 10): a stake on a
 * whitelisted node without an Approved request, amounts off the multiple in force, and stake limit
 * changes the settings page did not send (from the owner or another operator wallet). Each is listed
 * with its transaction and counted on the dashboard; a normal portal stake and the portal's own limit
 * change are not; nothing is refused.
 */
let app: Awaited<ReturnType<typeof startChainApp>>;
let chain: typeof app.chain;
let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<typeof newOperator>>;
const tx: Record<string, Hex> = {};
let requested: Address;
let unrequested: Address;

const list = (query = "") => t.call("GET", `${API.unchecked}?limit=50${query}`, { token: admin });
const lower = (value: string) => value.toLowerCase();

/** A node of operator a, whitelisted on the staking contract and Approved by the admin. */
async function approvedNode(n: number) {
  const body = nodeBody(n);
  const response = await t.call("POST", API.node.root, { token: a.token, body });
  expect(response.status).toBe(201);
  const node = body.nodeAddress as Address;
  await chain.mined(chain.as("owner").staking.write.whiteListIt([a.address, node]));
  await app.synced();
  expect(
    (
      await t.call("POST", API.node.edit, {
        token: admin,
        body: { _id: response.body.data._id, status: NODE_STATUS.approved },
      })
    ).status,
  ).toBe(200);
  return { id: response.body.data._id as string, node };
}

beforeAll(async () => {
  app = await startChainApp();
  ({ chain, t } = app);
  admin = await t.adminToken(await t.addAdmin());
  a = await newOperator(t, DEV_KEYS.validator);
  await chain.fund("validator", pli(1_000_000));
  const withRequest = await approvedNode(1);
  requested = withRequest.node;
  unrequested = (await approvedNode(2)).node;
  const request = await t.call("POST", API.stakeRequest.root, { token: a.token, body: { nodeId: withRequest.id } });
  await chain.mined(chain.as("owner").farm.write.whiteListPLIFarmNode([a.address, requested]));
  await app.synced();
  const approved = await t.call("POST", API.stakeRequest.updateStatus, {
    token: admin,
    body: { _id: request.body.data._id, status: STAKE_REQUEST_STATUS.approved },
  });
  expect(approved.status).toBe(200);
});
afterAll(() => app?.stop());

describe("chain activity the contract does not check", () => {
  it("lists nothing for a normal portal stake nor for the deployment's limits", async () => {
    const validator = chain.as("validator");
    tx.portalStake = (await chain.mined(validator.staking.write.stakeTokens([pli(50_000), requested]))).transactionHash;
    await app.synced();
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      docs: [],
      totalDocs: 0,
      counts: { noApprovedRequest: 0, offMultiple: 0, limitChangeOutsidePortal: 0 },
    });
  });

  it("lists a stake on a node without an approved request and a top-up off the multiple, with their transactions", async () => {
    const validator = chain.as("validator");
    tx.unrequested = (
      await chain.mined(validator.staking.write.stakeTokens([pli(50_000), unrequested]))
    ).transactionHash;
    tx.offMultiple = (await chain.mined(validator.staking.write.topupStake([pli(1_500), requested]))).transactionHash;
    await app.synced();
    const { body } = await list();
    expect(body.counts).toEqual({ noApprovedRequest: 1, offMultiple: 1, limitChangeOutsidePortal: 0 });
    expect(body.docs).toEqual([
      expect.objectContaining({
        kind: "offMultiple",
        walletAddress: a.wallet,
        nodeAddress: lower(requested),
        stakeKind: "topup",
        amount: pli(1_500).toString(),
        multiple: pli(1_000).toString(),
        tnxHash: tx.offMultiple,
      }),
      expect.objectContaining({
        kind: "noApprovedRequest",
        walletAddress: a.wallet,
        nodeAddress: lower(unrequested),
        stakeKind: "stake",
        amount: pli(50_000).toString(),
        tnxHash: tx.unrequested,
      }),
    ]);
    expect(body.docs.map((doc: { tnxHash: string }) => doc.tnxHash)).not.toContain(tx.portalStake);
  });

  it("judges each stake by the multiple in force when it was made", async () => {
    expect(
      (
        await t.call("POST", API.setting, {
          token: admin,
          body: { applicationName: "Portal", multiplyOf: "2000", incentivePercentage: "2.5" },
        })
      ).status,
    ).toBe(200);
    await chain.testClient.increaseTime({ seconds: 2 });
    tx.offNewMultiple = (
      await chain.mined(chain.as("validator").staking.write.topupStake([pli(1_000), requested]))
    ).transactionHash;
    await app.synced();
    const { body } = await list("&kind=offMultiple");
    expect(body.totalDocs).toBe(2);
    expect(body.docs.map((doc: { tnxHash: string; multiple: string }) => [doc.tnxHash, doc.multiple])).toEqual([
      [tx.offNewMultiple, pli(2_000).toString()],
      [tx.offMultiple, pli(1_000).toString()],
    ]);
  });

  it("lists limit changes sent outside the portal, from the owner or another operator wallet, but not one the settings page recorded", async () => {
    const owner = chain.as("owner");
    const standby = chain.as("standby");
    await chain.mined(owner.staking.write.setOperator([standby.address, true]));
    tx.ownerLimit = (await chain.mined(owner.staking.write.setMaxStakeAmt([pli(900_000)]))).transactionHash;
    tx.operatorLimit = (await chain.mined(standby.staking.write.setMinStakeAmt([pli(40_000)]))).transactionHash;
    tx.portalLimit = (await chain.mined(owner.staking.write.setMinStakeAmt([pli(50_000)]))).transactionHash;
    await app.synced();
    expect(
      (await t.call("POST", API.settingStakeLimits, { token: admin, body: { tnxHash: tx.portalLimit } })).status,
    ).toBe(200);
    const { body } = await list("&kind=limitChangeOutsidePortal");
    expect(body.docs).toEqual([
      expect.objectContaining({
        kind: "limitChangeOutsidePortal",
        walletAddress: lower(standby.address),
        minimumStake: pli(40_000).toString(),
        maximumStake: pli(900_000).toString(),
        tnxHash: tx.operatorLimit,
      }),
      expect.objectContaining({
        kind: "limitChangeOutsidePortal",
        walletAddress: lower(owner.address),
        minimumStake: pli(50_000).toString(),
        maximumStake: pli(900_000).toString(),
        tnxHash: tx.ownerLimit,
      }),
    ]);
    expect((await t.call("GET", API.setting)).body).toMatchObject({ minimumStake: "50000", maximumStake: "900000" });
  });

  it("counts each kind on the admin dashboard; only admins read the list", async () => {
    const dashboard = await t.call("GET", API.dashboard.admin, { token: admin });
    expect(dashboard.body.unchecked).toEqual({ noApprovedRequest: 1, offMultiple: 2, limitChangeOutsidePortal: 2 });
    expect((await list()).body.totalDocs).toBe(5);
    expect((await t.call("GET", API.unchecked, { token: a.token })).status).toBe(403);
    expect((await t.call("GET", API.unchecked)).status).toBe(401);
  });
});

describe("marking unchecked activity reviewed", () => {
  const review = (body: Record<string, unknown>, token = admin) => t.call("POST", API.uncheckedReview, { token, body });
  const auditOf = () =>
    t.db.selectFrom("app.audit_record").selectAll().where("action", "=", "unchecked.review").execute();
  const itemOf = async (tnxHash: string) =>
    ((await list()).body.docs as { kind: string; tnxHash: string; logIndex: number }[]).find(
      (doc) => doc.tnxHash === tnxHash,
    )!;

  it("takes one item off the list and its count, with the note kept in the audit log", async () => {
    const item = await itemOf(tx.offMultiple!);
    expect(item.logIndex).toEqual(expect.any(Number));
    const before = (await t.call("GET", API.dashboard.needsAction, { token: admin })).body.uncheckedActivity;
    const answer = await review({
      kind: item.kind,
      tnxHash: item.tnxHash.toUpperCase().replace("0X", "0x"),
      logIndex: item.logIndex,
      note: "Top-up agreed with the operator by mail on 28-11-2026",
    });
    expect(answer).toMatchObject({ status: 200, body: { message: MESSAGES.uncheckedReviewed } });
    const after = await list();
    expect(after.body.counts).toEqual({ noApprovedRequest: 1, offMultiple: 1, limitChangeOutsidePortal: 2 });
    expect(after.body.docs.map((doc: { tnxHash: string }) => doc.tnxHash)).not.toContain(tx.offMultiple);
    expect((await t.call("GET", API.dashboard.needsAction, { token: admin })).body.uncheckedActivity).toBe(before - 1);
    const records = await auditOf();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ record_type: "uncheckedActivity", tx_hash: tx.offMultiple });
    expect(JSON.stringify(records[0]!.after)).toContain("Top-up agreed with the operator by mail on 28-11-2026");
  });

  it("is idempotent: the same item again answers 200, records nothing more and keeps the first note", async () => {
    const logIndex = (await t.db.selectFrom("app.unchecked_review").select("log_index").executeTakeFirstOrThrow())
      .log_index;
    const same = await review({ kind: "offMultiple", tnxHash: tx.offMultiple, logIndex, note: "Second look" });
    expect(same).toMatchObject({ status: 200, body: { message: MESSAGES.uncheckedAlreadyReviewed } });
    expect(await auditOf()).toHaveLength(1);
    expect((await t.db.selectFrom("app.unchecked_review").select("note").executeTakeFirstOrThrow()).note).toBe(
      "Top-up agreed with the operator by mail on 28-11-2026",
    );
  });

  it("refuses bad input field by field and an item that does not exist, writing nothing", async () => {
    const bad = await review({ kind: "somethingElse", tnxHash: "0x1234", logIndex: -1, note: "   " });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["kind", "logIndex", "note", "tnxHash"]);
    expect(bad.body.errors.note).toBe(MESSAGES.uncheckedNoteRequired);
    const long = await review({ kind: "offMultiple", tnxHash: tx.offNewMultiple, logIndex: 0, note: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.errors.note).toBeTruthy();
    const unknown = await review({ kind: "offMultiple", tnxHash: tx.portalStake, logIndex: 0, note: "Checked" });
    expect(unknown).toMatchObject({ status: 404, body: { error: MESSAGES.uncheckedNotFound } });
    expect(await auditOf()).toHaveLength(1);
    expect((await list()).body.totalDocs).toBe(4);
  });

  it("is the admin's only: an operator gets 403, no session 401", async () => {
    const item = await itemOf(tx.unrequested!);
    const body = { ...item, note: "Mine is fine" };
    expect((await review(body, a.token)).status).toBe(403);
    expect((await t.call("POST", API.uncheckedReview, { body })).status).toBe(401);
    expect((await list()).body.counts.noApprovedRequest).toBe(1);
  });
});
