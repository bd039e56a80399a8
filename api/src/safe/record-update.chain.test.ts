import { sql } from "kysely";
import { createWalletClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeL2Abi, safeTxFromJson, safeTxTypedData, type SafeTx, type SafeTxJson } from "@pli/abis";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { pli } from "../../../test/chain.ts";
import { SAFE_ADMIN_KEYS } from "../../../test/safe.ts";
import type { TestApp } from "../../test/app-fixture.ts";
import { startSafeApp } from "../../test/chain-app.ts";
import { newOperator, registerNode } from "../../test/nodes.ts";
import { HANDLER } from "../handlers.ts";
import { API, NODE_STATUS } from "../public-contract/index.ts";
import { receiptOf } from "../../../scripts/lib/receipt.ts";

/**
 * Safe mode: a proposal that stands for a node's approval (its whitelist) keeps the status change, and the portal
 * saves it once the indexer shows the proposal's own Safe transaction executed, not when an admin signs.
 */
let chain: Awaited<ReturnType<typeof startSafeApp>>["chain"];
let app: Awaited<ReturnType<typeof startSafeApp>>;
let t: TestApp;
let admin: string;
let adminId: string;
let operator: Awaited<ReturnType<typeof newOperator>>;
const [first, second, third] = SAFE_ADMIN_KEYS;

interface Proposal {
  _id: string;
  nonce: string;
  state: string;
  safeTx: SafeTxJson;
  signatures: Hex | null;
  record: {
    type: string;
    id: string;
    status: string;
    label: string;
    outcome: string;
    reason: string | null;
    txHash: string | null;
  } | null;
}

const txOf = (p: Proposal): SafeTx => safeTxFromJson(p.safeTx);
const wallet = (key: Hex) =>
  createWalletClient({ account: privateKeyToAccount(key), chain: chain.chain, transport: http(chain.anvil.rpcUrl) });

const proposeCall = (body: Record<string, unknown>) => t.call("POST", API.safe.proposals, { token: admin, body });
const whitelistOf = (node: Address, owner: Address = operator.address) => ({
  kind: "whitelist",
  contract: "StakingRewards",
  wallet: owner,
  node,
});
async function propose(body: Record<string, unknown>): Promise<Proposal> {
  const response = await proposeCall(body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}
const find = async (id: string): Promise<Proposal> =>
  (await t.call("GET", API.safe.proposals, { token: admin })).body.find((p: Proposal) => p._id === id);

/** Two owners confirm, the third executes; resolves once the indexer has the execution. */
async function confirmAndExecute(p: Proposal) {
  for (const key of [first!, second!]) {
    const signature = await wallet(key).signTypedData(safeTxTypedData(chain.deployment.chainId, chain.safe, txOf(p)));
    const confirmed = await t.call("POST", API.safe.confirm, {
      token: admin,
      body: { proposalId: p._id, method: "typedData", signature },
    });
    expect(confirmed.status).toBe(200);
  }
  const ready = await find(p._id);
  expect(ready.state).toBe("ready");
  const tx = txOf(ready);
  const hash = await wallet(third!).writeContract({
    address: chain.safe,
    abi: safeL2Abi,
    functionName: "execTransaction",
    args: [tx.to, tx.value, tx.data, tx.operation, 0n, 0n, 0n, tx.gasToken, tx.refundReceiver, ready.signatures!],
  });
  const receipt = await receiptOf(chain.publicClient, hash);
  expect(receipt.status).toBe("success");
  await app.synced();
  return hash;
}
const statusOf = async (id: string) =>
  (await t.db.selectFrom("app.node").select("status").where("id", "=", id).executeTakeFirst())?.status;
const requestOf = (id: string) =>
  t.db.selectFrom("app.stake_request").select("status").where("id", "=", id).executeTakeFirstOrThrow();
const approvals = (id: string) =>
  t.db
    .selectFrom("app.node_status_history")
    .select("id")
    .where("node_id", "=", id)
    .where("to_status", "=", NODE_STATUS.approved)
    .execute();
const reviewAudits = (id: string) =>
  t.db
    .selectFrom("app.audit_record")
    .select(["admin_id", "tx_hash", "after"])
    .where("record_id", "=", id)
    .where("action", "=", "node.review")
    .execute();

beforeAll(async () => {
  app = await startSafeApp();
  ({ t, chain } = app);
  const added = await t.addAdmin();
  adminId = added.id;
  admin = await t.adminToken(added);
  operator = await newOperator(t, DEV_KEYS.validator);
  await chain.fund("validator", pli(1_000_000));
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe("a record's status saved when its Safe transaction executes", () => {
  let approved: { id: string; node: Address };

  it("a node approval: nothing on proposing, Approved once the execution is indexed, exactly once", async () => {
    approved = await registerNode(t, operator.token, 1);
    const proposal = await propose({
      action: whitelistOf(approved.node),
      record: { type: "node", id: approved.id, status: NODE_STATUS.approved },
    });
    expect(proposal.record).toMatchObject({
      type: "node",
      id: approved.id,
      status: "Approved",
      label: "Node Node 1",
      outcome: "pending",
      txHash: null,
    });
    await t.handlers.run(HANDLER.safeRecordUpdates);
    expect(await statusOf(approved.id)).toBe(NODE_STATUS.pending);

    const hash = await confirmAndExecute(proposal);
    await t.handlers.run(HANDLER.safeRecordUpdates);
    expect(await statusOf(approved.id)).toBe(NODE_STATUS.approved);
    expect((await find(proposal._id)).record).toMatchObject({ outcome: "applied", reason: null, txHash: hash });
    expect(await reviewAudits(approved.id)).toEqual([
      { admin_id: adminId, tx_hash: hash, after: expect.objectContaining({ status: "Approved" }) },
    ]);
    const mails = await t.db.selectFrom("app.mail_outbox").selectAll().execute();

    await t.handlers.run(HANDLER.safeRecordUpdates);
    expect(await approvals(approved.id)).toHaveLength(1);
    expect(await reviewAudits(approved.id)).toHaveLength(1);
    expect(await t.db.selectFrom("app.mail_outbox").selectAll().execute()).toHaveLength(mails.length);
  });

  it("a stake request approval through the farm whitelist is saved once its execution is indexed", async () => {
    const asked = await t.call("POST", API.stakeRequest.root, { token: operator.token, body: { nodeId: approved.id } });
    expect(asked.status).toBe(201);
    const requestId = asked.body.data._id as string;
    const proposal = await propose({
      action: { ...whitelistOf(approved.node), contract: "PluginFarm" },
      record: { type: "stakeRequest", id: requestId, status: "Approved" },
    });
    const hash = await confirmAndExecute(proposal);
    await t.handlers.run(HANDLER.safeRecordUpdates);
    await t.handlers.run(HANDLER.safeRecordUpdates);
    const request = await requestOf(requestId);
    expect(request.status).toBe("Approved");
    expect((await find(proposal._id)).record).toMatchObject({ outcome: "applied", txHash: hash });
    const audits = await t.db
      .selectFrom("app.audit_record")
      .select(["admin_id", "after"])
      .where("record_id", "=", requestId)
      .where("action", "=", "stakeRequest.status")
      .execute();
    expect(audits).toEqual([{ admin_id: adminId, after: { status: "Approved" } }]);
  });

  it("a replaced proposal applies nothing and says so", async () => {
    const node = await registerNode(t, operator.token, 2);
    const proposal = await propose({
      action: whitelistOf(node.node),
      record: { type: "node", id: node.id, status: NODE_STATUS.approved },
    });
    const replacement = await propose({ action: { kind: "stakeLimits", maxStake: "2000000" }, nonce: proposal.nonce });
    await confirmAndExecute(replacement);
    await t.handlers.run(HANDLER.safeRecordUpdates);
    expect(await statusOf(node.id)).toBe(NODE_STATUS.pending);
    expect(await approvals(node.id)).toHaveLength(0);
    expect((await find(proposal._id)).record).toMatchObject({ outcome: "void", txHash: null });
  });

  it("a record changed meanwhile: nothing is applied and the proposal says why", async () => {
    const another = await newOperator(t);
    const node = await registerNode(t, another.token, 3);
    const proposal = await propose({
      action: whitelistOf(node.node, another.address),
      record: { type: "node", id: node.id, status: NODE_STATUS.approved },
    });
    expect((await t.call("POST", API.node.delete, { token: admin, body: { id: node.id } })).status).toBe(200);
    await confirmAndExecute(proposal);
    await t.handlers.run(HANDLER.safeRecordUpdates);
    expect(await statusOf(node.id)).toBeUndefined();
    expect((await find(proposal._id)).record).toMatchObject({ outcome: "refused", reason: "Node not found" });
  });

  it("applies an update and marks it applied in one transaction: a failure before the commit leaves neither", async () => {
    const another = await newOperator(t);
    const node = await registerNode(t, another.token, 5);
    const proposal = await propose({
      action: whitelistOf(node.node, another.address),
      record: { type: "node", id: node.id, status: NODE_STATUS.approved },
    });
    await sql`CREATE FUNCTION app.fail_on_applied() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the commit failed'; END $$`.execute(t.db);
    await sql`CREATE CONSTRAINT TRIGGER fail_on_applied AFTER UPDATE ON app.safe_proposal
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.record_outcome = 'applied')
      EXECUTE FUNCTION app.fail_on_applied()`.execute(t.db);
    try {
      await confirmAndExecute(proposal);
      await expect(t.handlers.run(HANDLER.safeRecordUpdates)).rejects.toThrow(/the commit failed/);
      expect(await statusOf(node.id)).toBe(NODE_STATUS.pending);
      expect(await approvals(node.id)).toHaveLength(0);
      expect((await find(proposal._id)).record).toMatchObject({ outcome: "pending" });
    } finally {
      await sql`DROP TRIGGER fail_on_applied ON app.safe_proposal`.execute(t.db);
      await sql`DROP FUNCTION app.fail_on_applied()`.execute(t.db);
    }
    await t.handlers.run(HANDLER.safeRecordUpdates);
    expect(await statusOf(node.id)).toBe(NODE_STATUS.approved);
    expect(await approvals(node.id)).toHaveLength(1);
    expect(await reviewAudits(node.id)).toHaveLength(1);
    expect((await find(proposal._id)).record).toMatchObject({ outcome: "applied" });
  });

  it("an admin's decision after the proposal stands: a node sent back stays Return, a rejected request Rejected", async () => {
    const another = await newOperator(t);
    const node = await registerNode(t, another.token, 4);
    const review = (status: string, adminNotes?: string) =>
      t.call("POST", API.node.edit, { token: admin, body: { _id: node.id, status, adminNotes } });
    expect((await review(NODE_STATUS.verified)).status).toBe(200);
    const proposal = await propose({
      action: whitelistOf(node.node, another.address),
      record: { type: "node", id: node.id, status: NODE_STATUS.approved },
    });
    expect((await review(NODE_STATUS.return, "Give the node's public IP address")).status).toBe(200);
    await confirmAndExecute(proposal);
    await t.handlers.run(HANDLER.safeRecordUpdates);
    expect(await statusOf(node.id)).toBe(NODE_STATUS.return);
    expect(await approvals(node.id)).toHaveLength(0);
    expect((await find(proposal._id)).record).toMatchObject({
      outcome: "refused",
      reason: "The record's status changed after this proposal was made: the update was not saved",
    });

    expect((await review(NODE_STATUS.approved)).status).toBe(200);
    const again = await proposeCall({
      action: whitelistOf(node.node, another.address),
      record: { type: "node", id: node.id, status: NODE_STATUS.approved },
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ "record.status": "The record already has this status" });

    const asked = await t.call("POST", API.stakeRequest.root, { token: another.token, body: { nodeId: node.id } });
    expect(asked.status).toBe(201);
    const requestId = asked.body.data._id as string;
    const farm = await propose({
      action: { ...whitelistOf(node.node, another.address), contract: "PluginFarm" },
      record: { type: "stakeRequest", id: requestId, status: "Approved" },
    });
    const rejected = await t.call("POST", API.stakeRequest.updateStatus, {
      token: admin,
      body: { _id: requestId, status: "Rejected" },
    });
    expect(rejected.status).toBe(200);
    await confirmAndExecute(farm);
    await t.handlers.run(HANDLER.safeRecordUpdates);
    const request = await requestOf(requestId);
    expect(request.status).toBe("Rejected");
    expect((await find(farm._id)).record).toMatchObject({ outcome: "refused" });
  });

  it("refuses, as field errors, a transition the status rules do not allow and a proposal for another record", async () => {
    await chain.mined(chain.as("validator").staking.write.stakeTokens([pli(50_000), approved.node]));
    await app.synced();
    await t.handlers.run(HANDLER.nodeReconcile);
    expect(await statusOf(approved.id)).toBe(NODE_STATUS.active);
    const before = await t.db.selectFrom("app.safe_proposal").select("id").execute();

    const locked = await proposeCall({
      action: whitelistOf(approved.node),
      record: { type: "node", id: approved.id, status: NODE_STATUS.approved },
    });
    expect(locked.status).toBe(400);
    expect(locked.body.errors).toEqual({
      "record.status": "An Active or De-Activated node changes status only through Make De-Active / Make Active",
    });
    const other = await proposeCall({
      action: whitelistOf(`0x${"d".repeat(40)}`),
      record: { type: "node", id: approved.id, status: NODE_STATUS.approved },
    });
    expect(other.status).toBe(400);
    expect(Object.keys(other.body.errors)).toEqual(["record.type"]);
    const verified = await proposeCall({
      action: whitelistOf(approved.node),
      record: { type: "node", id: approved.id, status: NODE_STATUS.verified },
    });
    expect(verified.status).toBe(400);
    expect(Object.keys(verified.body.errors)).toEqual(["record.status"]);
    expect(await t.db.selectFrom("app.safe_proposal").select("id").execute()).toHaveLength(before.length);
  });

  it("a stake unlock is recorded once its execution is indexed, with the unlock's transaction", async () => {
    const proposal = await propose({
      action: { kind: "unlock", wallet: operator.address, node: approved.node },
      record: { type: "stake", status: "Unlock" },
    });
    expect(proposal.record).toMatchObject({ type: "stake", status: "Unlock", outcome: "pending" });
    const hash = await confirmAndExecute(proposal);
    await t.handlers.run(HANDLER.safeRecordUpdates);
    await t.handlers.run(HANDLER.safeRecordUpdates);
    const audits = await t.db
      .selectFrom("app.audit_record")
      .select(["admin_id", "tx_hash"])
      .where("action", "=", "stake.unlock")
      .execute();
    expect(audits).toEqual([{ admin_id: adminId, tx_hash: hash }]);
    expect((await find(proposal._id)).record).toMatchObject({ outcome: "applied", txHash: hash });
    const again = await proposeCall({
      action: { kind: "unlock", wallet: operator.address, node: approved.node },
      record: { type: "stake", status: "Unlock" },
    });
    expect(again.body.errors).toEqual({ "record.status": "Only a stake the chain shows in Stake can be unlocked" });
  });
});
