import type { Address } from "viem";
import { describe, expect, it, onTestFinished } from "vitest";
import { pli } from "../../../test/chain.ts";
import { chainAppTest, freshOperator, type ChainApp } from "../../test/chain-app.ts";
import { approvedNode } from "../../test/incentives.ts";
import { nodeBody } from "../../test/nodes.ts";
import { API, INCENTIVE_STATUS, NODE_STATUS, PAYOUT_GAS } from "../public-contract/index.ts";
import { receiptOf } from "../../../scripts/lib/receipt.ts";

/**
 * The admin actions that answer a chain transaction (the unlock, the payout and its plan, a stake limit change):
 * sent to anvil, indexed by Ponder, then hinted through the API, which records each in the audit trail with its hash.
 * On the worker's shared chain app: a fresh operator, only the records each action added are read, and the stake
 * limit changed is set back.
 */
let app: ChainApp;
let adminId: string;
let token: string;
let operator: Awaited<ReturnType<typeof freshOperator>>;
let node: Awaited<ReturnType<typeof approvedNode>>;
const ADMIN_IP = "203.0.113.9";

chainAppTest.beforeAll(async ({ chainApp }) => {
  app = chainApp;
  const admin = await app.t.addAdmin();
  adminId = admin.id;
  token = await app.t.adminToken(admin);
  operator = await freshOperator(app);
  node = await approvedNode(app, token, operator, app.nodeNumber());
});

const owner = () => app.chain.as("owner");
const asAdmin = (url: string, body: unknown) => app.t.call("POST", url, { token, body, ip: ADMIN_IP });

/** The records `act` added to the audit trail, with its response. */
async function recorded(act: () => Promise<{ status: number; body: unknown }>) {
  const before = new Set((await app.t.db.selectFrom("app.audit_record").select("id").execute()).map((row) => row.id));
  const response = await act();
  const rows = await app.t.db.selectFrom("app.audit_record").selectAll().execute();
  return { response, added: rows.filter((row) => !before.has(row.id)) };
}

describe("admin actions on the chain leave one audit record each, with the transaction hash", () => {
  it("the unlock hint", async () => {
    await app.chain.mined(app.chain.as(operator.key).staking.write.stakeTokens([pli(50_000), node.node]));
    const unlock = await app.chain.mined(owner().staking.write.unlock([operator.address, node.node]));
    await app.synced();
    const stakeId = `${operator.wallet}-${node.nodeKey}`;
    const { response, added } = await recorded(() => asAdmin(API.stake.unlock, { _id: stakeId }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(added).toEqual([
      expect.objectContaining({
        admin_id: adminId,
        client_address: ADMIN_IP,
        action: "stake.unlock",
        record_type: "stake",
        record_id: stakeId,
        tx_hash: unlock.transactionHash,
        after: expect.objectContaining({ status: "Unlock", totalStake: pli(50_000).toString() }),
      }),
    ]);
  });

  it("the payout plan and the payout hint, the hint once however often it is sent", async () => {
    const { id } = await app.t.db
      .insertInto("app.incentive")
      .values({
        wallet: operator.wallet,
        node: node.nodeKey,
        date: "2027-03-01",
        token: pli(3).toString(),
        inactive_count: 0,
        staked_days: 28,
        accrued_days: 28,
        percentage: "2.5",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await app.chain.fund("owner", pli(10));
    await app.chain.mined(owner().staking.write.depositReward([pli(10)]));
    await app.synced();

    const plan = await recorded(() => asAdmin(API.incentive.payout, { ids: [id] }));
    expect(plan.response.status).toBe(200);
    expect(plan.added).toEqual([
      expect.objectContaining({
        admin_id: adminId,
        action: "payout.plan",
        record_type: "incentive",
        tx_hash: null,
        after: {
          incentiveIds: [id],
          total: pli(3).toString(),
          batches: 1,
          planId: (plan.response.body as { planId: string }).planId,
        },
      }),
    ]);

    const [batch] = (
      plan.response.body as { batches: { wallets: string[]; amounts: string[]; dates: number[]; nodes: string[] }[] }
    ).batches;
    const hash = await owner().staking.write.payRewards(
      [batch!.wallets as Address[], batch!.amounts.map(BigInt), batch!.dates.map(BigInt), batch!.nodes as Address[]],
      { gas: PAYOUT_GAS },
    );
    await receiptOf(app.chain.publicClient, hash);
    await app.synced();
    const paid = await recorded(() =>
      asAdmin(API.incentive.update, {
        tnxHash: hash,
        selectedArray: [{ _id: id, status: INCENTIVE_STATUS.paid, token: "1" }],
      }),
    );
    expect(paid.response.status, JSON.stringify(paid.response.body)).toBe(200);
    expect(paid.added).toEqual([
      expect.objectContaining({
        admin_id: adminId,
        action: "payout.paid",
        record_type: "incentive",
        tx_hash: hash,
        after: { incentiveIds: [id], paid: [id] },
      }),
    ]);
    const again = await recorded(() =>
      asAdmin(API.incentive.update, {
        tnxHash: hash,
        selectedArray: [{ _id: id, status: INCENTIVE_STATUS.paid, token: "1" }],
      }),
    );
    expect(again.response.status).toBe(200);
    expect(again.added).toEqual([]);
  });

  it("the stake limit change, once however often it is hinted", async () => {
    const minimum = await owner().staking.read.minStakeAmt();
    onTestFinished(async () => {
      await app.chain.mined(owner().staking.write.setMinStakeAmt([minimum]));
      await app.synced();
    });
    const sent = await app.chain.mined(owner().staking.write.setMinStakeAmt([pli(70_000)]));
    await app.synced();
    const tnxHash = sent.transactionHash;
    const first = await recorded(() => asAdmin(API.settingStakeLimits, { tnxHash }));
    expect(first.response.status).toBe(200);
    expect(first.added).toEqual([
      expect.objectContaining({
        admin_id: adminId,
        action: "stakeLimit.change",
        record_type: "setting",
        tx_hash: tnxHash,
        after: expect.objectContaining({ minStake: pli(70_000).toString() }),
      }),
    ]);
    expect((await recorded(() => asAdmin(API.settingStakeLimits, { tnxHash }))).added).toEqual([]);
  });

  it("the Approved review, with the hash of the whitelisting transaction", async () => {
    const body = nodeBody(app.nodeNumber());
    const created = await app.t.call("POST", API.node.root, { token: operator.token, body });
    expect(created.status).toBe(201);
    const nodeId = created.body.data._id as string;
    const whitelisted = await app.chain.mined(
      owner().staking.write.whiteListIt([operator.address, body.nodeAddress as Address]),
    );
    await app.synced();
    const { response, added } = await recorded(() =>
      asAdmin(API.node.edit, { _id: nodeId, status: NODE_STATUS.approved }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(added).toEqual([
      expect.objectContaining({
        admin_id: adminId,
        action: "node.review",
        record_type: "node",
        record_id: nodeId,
        tx_hash: whitelisted.transactionHash,
        after: expect.objectContaining({ status: NODE_STATUS.approved }),
      }),
    ]);
  });

  it("the reward deposit, once however often it is hinted", async () => {
    await app.chain.fund("owner", pli(25));
    const sent = await app.chain.mined(owner().staking.write.depositReward([pli(25)]));
    await app.synced();
    const tnxHash = sent.transactionHash;
    const first = await recorded(() => asAdmin(API.incentive.deposit, { tnxHash }));
    expect(first.response.status, JSON.stringify(first.response.body)).toBe(200);
    expect(first.added).toEqual([
      expect.objectContaining({
        admin_id: adminId,
        client_address: ADMIN_IP,
        action: "reward.deposit",
        record_type: "rewardPool",
        tx_hash: tnxHash,
        after: expect.objectContaining({ amount: pli(25).toString() }),
      }),
    ]);
    expect((await recorded(() => asAdmin(API.incentive.deposit, { tnxHash }))).added).toEqual([]);
  });

  it("a hint the chain does not know leaves no record", async () => {
    const unknown = `0x${"cd".repeat(32)}`;
    for (const [url, body] of [
      [API.settingStakeLimits, { tnxHash: unknown }],
      [API.incentive.deposit, { tnxHash: unknown }],
      [API.stake.unlock, { _id: `${operator.wallet}-0x${"ee".repeat(20)}` }],
    ] as const) {
      const { response, added } = await recorded(() => asAdmin(url, body));
      expect(response.status, url).toBe(404);
      expect(added, url).toEqual([]);
    }
  });
});
