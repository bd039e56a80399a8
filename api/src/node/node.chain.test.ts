import pg from "pg";
import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import { pli } from "../../../test/chain.ts";
import type { TestApp } from "../../test/app-fixture.ts";
import { ANSWER_CHANNEL } from "../db/migrations/0020_answer-invalidation.ts";
import { HANDLER } from "../handlers.ts";
import { chainAppTest, freshOperator, type ChainApp } from "../../test/chain-app.ts";
import { nodeBody, registerNode } from "../../test/nodes.ts";
import { API, MESSAGES, NODE_STATUS, STAKE_STATUS } from "../public-contract/index.ts";

/**
 * Nodes against a real chain: anvil with the portal's contracts, the Ponder indexer writing `chain.*`
 * into the API's database, whitelists and stakes sent as transactions. On the worker's shared chain app: a fresh
 * operator and nodes of its own.
 */
let app: ChainApp;
let chain: typeof app.chain;
let synced: typeof app.synced;
let t: TestApp;
let admin: string;
let operator: Awaited<ReturnType<typeof freshOperator>>;

const byId = (token: string, id: string) =>
  t.call("GET", `${API.node.byId}?nodeId=${id}`, { token }).then((r) => r.body);
const review = (id: string, status: string) =>
  t.call("POST", API.node.edit, { token: admin, body: { _id: id, status } });
const toggle = (id: string, status: string) =>
  t.call("POST", API.node.deactivate, { token: operator.token, body: { _id: id, status } });
const remove = (id: string) => t.call("POST", API.node.delete, { token: admin, body: { id } });
const addNode = () => registerNode(t, operator.token, app.nodeNumber());

chainAppTest.beforeAll(async ({ chainApp }) => {
  app = chainApp;
  ({ chain, t, synced } = app);
  admin = await t.adminToken(await t.addAdmin());
  operator = await freshOperator(app);
});

describe("nodes on a real chain", () => {
  let first: { id: string; node: Address };

  it("saves Approved only once the whitelist of (wallet, node) on StakingRewards is indexed", async () => {
    first = await addNode();
    expect((await review(first.id, NODE_STATUS.verified)).status).toBe(200);
    expect(await review(first.id, NODE_STATUS.approved)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.notWhitelisted },
    });
    await chain.mined(chain.as("owner").farm.write.whiteListPLIFarmNode([operator.address, first.node]));
    await synced();
    expect((await review(first.id, NODE_STATUS.approved)).status).toBe(409);
    await chain.mined(chain.as("owner").staking.write.whiteListIt([operator.address, first.node]));
    await synced();
    const approved = await review(first.id, NODE_STATUS.approved);
    expect(approved.body).toMatchObject({
      message: "Node Status Updated Successfully",
      data: { status: NODE_STATUS.approved, stake: { status: null, totalStaked: "0" } },
    });
  });

  it("becomes Active once a stake in Stake is indexed, read with the stake so far and the reputation score", async () => {
    await chain.mined(chain.as(operator.key).staking.write.stakeTokens([pli(50_000), first.node]));
    await synced();
    const node = await byId(operator.token, first.id);
    expect(node).toMatchObject({
      status: NODE_STATUS.active,
      stake: { status: STAKE_STATUS.stake, totalStaked: pli(50_000).toString() },
      reputationScore: null,
    });
    await t.db
      .insertInto("app.node_reputation")
      .values({ node_id: first.id, day: new Date().toISOString().slice(0, 10), value: 0.8 })
      .execute();
    expect((await byId(operator.token, first.id)).reputationScore).toBeCloseTo(4);
    const reputation = await t.call("POST", API.node.reputation, {
      token: operator.token,
      body: { nodeSettingID: first.id },
    });
    expect(reputation.body).toMatchObject({ score: expect.closeTo(4), viewable: true });
    const history = (await byId(admin, first.id)).history;
    expect(history[0]).toMatchObject({
      actorType: "system",
      fromStatus: NODE_STATUS.approved,
      toStatus: NODE_STATUS.active,
    });
    expect(
      (await byId(admin, first.id)).history.filter((h: { toStatus: string }) => h.toStatus === NODE_STATUS.active),
    ).toHaveLength(1);
  });

  it("the node-reconcile handler makes a staked Approved node Active with no read, its history by the system", async () => {
    const second = await addNode();
    await chain.mined(chain.as("owner").staking.write.whiteListIt([operator.address, second.node]));
    await synced();
    expect((await review(second.id, NODE_STATUS.approved)).status).toBe(200);
    await chain.mined(chain.as(operator.key).staking.write.stakeTokens([pli(60_000), second.node]));
    await synced();
    await t.handlers.run(HANDLER.nodeReconcile);
    const row = await t.db
      .selectFrom("app.node")
      .select("status")
      .where("id", "=", second.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(NODE_STATUS.active);
  });

  it("the node-reconcile handler with nothing to move announces nothing, so announcements cannot wake it for ever", async () => {
    const listener = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await listener.connect();
    try {
      const announced: string[] = [];
      listener.on("notification", (message) => announced.push(message.payload ?? ""));
      await listener.query(`LISTEN "${ANSWER_CHANNEL}"`);
      await t.handlers.run(HANDLER.nodeReconcile);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(announced).toEqual([]);
    } finally {
      await listener.end();
    }
  });

  it("a De-Active node with a stake still counts towards the limit, and may be made Active again", async () => {
    const off = await toggle(first.id, NODE_STATUS.deActive);
    expect(off.body).toMatchObject({
      message: "Node Deactivated Successfully",
      data: { status: NODE_STATUS.deActive },
    });
    expect(
      (await t.call("POST", API.node.root, { token: operator.token, body: nodeBody(app.nodeNumber()) })).status,
    ).toBe(409);
    const on = await toggle(first.id, NODE_STATUS.active);
    expect(on.body).toMatchObject({
      message: "Node Status Updated Successfully",
      data: { status: NODE_STATUS.active },
    });
  });

  it("refuses delete while the stake is Stake or Unlock, and Make Active while Unlock; allows delete once withdrawn and its month accrued", async () => {
    expect(await remove(first.id)).toMatchObject({ status: 409, body: { error: MESSAGES.deleteWhileStaked } });
    await chain.mined(chain.as("owner").staking.write.unlock([operator.address, first.node]));
    await synced();
    expect((await byId(operator.token, first.id)).stake.status).toBe(STAKE_STATUS.unlock);
    expect(await remove(first.id)).toMatchObject({ status: 409, body: { error: MESSAGES.deleteWhileStaked } });
    expect((await toggle(first.id, NODE_STATUS.deActive)).status).toBe(200);
    expect(await toggle(first.id, NODE_STATUS.active)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.activateNeedsStake },
    });
    await chain.mined(chain.as(operator.key).staking.write.unstake([first.node]));
    await synced();
    expect((await byId(operator.token, first.id)).stake).toEqual({ status: STAKE_STATUS.withdraw, totalStaked: "0" });
    expect(await remove(first.id)).toMatchObject({ status: 409, body: { error: MESSAGES.deleteBeforeAccrual } });
    const withdrawn = await t.db
      .selectFrom("chain.stake_event")
      .select((eb) => eb.fn.max("block_time").as("at"))
      .where("node", "=", first.node.toLowerCase())
      .executeTakeFirstOrThrow();
    const at = new Date(withdrawn.at!);
    const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString().slice(0, 10);
    await t.db.insertInto("app.incentive_accrual_month").values({ month, positions: 0, inserted: 0 }).execute();
    try {
      expect((await remove(first.id)).body.message).toBe("Node Deleted Successfully");
    } finally {
      await t.db.deleteFrom("app.incentive_accrual_month").where("month", "=", month).execute();
    }
    const kept = await t.db
      .selectFrom("app.node_status_history")
      .select("to_status")
      .where("node_id", "=", first.id)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(kept.to_status).toBe("Deleted");
  });
});
