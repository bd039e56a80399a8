import { keccak256, toHex, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { pli } from "../../../test/chain.ts";
import type { TestApp } from "../../test/app-fixture.ts";
import { startChainApp } from "../../test/chain-app.ts";
import { newOperator, nodeBody } from "../../test/nodes.ts";
import { API, MESSAGES, NODE_STATUS, STAKE_STATUS } from "../public-contract/index.ts";
import { receiptOf } from "../../../scripts/lib/receipt.ts";

/**
 * Stakes against a real chain: stake, top-up, unlock and unstake sent as transactions to anvil and
 * indexed by Ponder into the API's database; every amount the API answers is the chain's, and a hint
 * changes nothing unless the indexer has seen its transaction for that wallet and node.
 */
let app: Awaited<ReturnType<typeof startChainApp>>;
let chain: typeof app.chain;
let synced: typeof app.synced;
let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<typeof newOperator>>;
let b: Awaited<ReturnType<typeof newOperator>>;

type Node = { id: string; node: Address };
let first: Node;
let second: Node;
let ofB: Node;
let stakeTx: Hex;
let topupTx: Hex;

const get = (token: string, url: string) => t.call("GET", url, { token }).then((r) => r.body);
const hint = (token: string, body: Record<string, unknown>) => t.call("POST", API.stake.root, { token, body });
const positionId = (node: Node) => `${a.wallet}-${node.node.toLowerCase()}`;
/** Everything the API shows about stakes, to compare before and after forged hints. */
const everything = async () => ({
  stakes: await get(admin, `${API.stake.root}?limit=100`),
  events: await get(admin, `${API.stake.transactions}?limit=100`),
  totalA: await get(a.token, API.stake.total),
  totalB: await get(b.token, API.stake.total),
});

/** A node of `token`'s operator, whitelisted on the staking contract for `wallet` and Approved. */
async function approvedNode(token: string, wallet: Address, n: number): Promise<Node> {
  const body = nodeBody(n);
  const response = await t.call("POST", API.node.root, { token, body });
  expect(response.status).toBe(201);
  const node = body.nodeAddress as Address;
  await chain.mined(chain.as("owner").staking.write.whiteListIt([wallet, node]));
  await synced();
  expect(
    (
      await t.call("POST", API.node.edit, {
        token: admin,
        body: { _id: response.body.data._id, status: NODE_STATUS.approved },
      })
    ).status,
  ).toBe(200);
  return { id: response.body.data._id, node };
}

beforeAll(async () => {
  app = await startChainApp();
  ({ chain, t, synced } = app);
  admin = await t.adminToken(await t.addAdmin());
  a = await newOperator(t, DEV_KEYS.validator);
  b = await newOperator(t, DEV_KEYS.standby);
  await chain.fund("validator", pli(1_000_000));
  await chain.fund("standby", pli(1_000_000));
  first = await approvedNode(a.token, a.address, 1);
  second = await approvedNode(a.token, a.address, 2);
  ofB = await approvedNode(b.token, b.address, 0xfeed);
});
afterAll(() => app?.stop());

describe("stakes on a real chain", () => {
  it("a stake is visible through the API with the chain's amount; the hint's totalStake is ignored", async () => {
    stakeTx = (await chain.mined(chain.as("validator").staking.write.stakeTokens([pli(50_000), first.node])))
      .transactionHash;
    await synced();
    const answer = await hint(a.token, { nodeId: first.id, tnxHash: stakeTx, totalStake: "999999999" });
    expect(answer.body).toMatchObject({
      message: "Staking Done Successfully",
      data: {
        _id: positionId(first),
        status: STAKE_STATUS.stake,
        totalStake: pli(50_000).toString(),
        tnxHash: stakeTx,
        isUnlocked: false,
        user: { email: a.email, walletAddress: a.wallet },
        nodesetting: { _id: first.id, nodeAddress: first.node.toLowerCase() },
        transaction: [
          { kind: "stake", totalStake: pli(50_000).toString(), totalAfter: pli(50_000).toString(), tnxHash: stakeTx },
        ],
      },
    });
    expect(await get(a.token, API.stake.total)).toEqual({ tillStake: pli(50_000).toString() });
    expect(await get(a.token, `${API.stake.status}?nodeId=${first.id}`)).toEqual({
      currentStatus: STAKE_STATUS.stake,
      _id: positionId(first),
    });
    expect(await get(a.token, `${API.stake.status}?nodeId=${second.id}`)).toEqual({ currentStatus: null, _id: null });
  });

  it("a top-up adds to the position; totals, transactions and the admin list follow the chain", async () => {
    topupTx = (await chain.mined(chain.as("validator").staking.write.topupStake([pli(10_000), first.node])))
      .transactionHash;
    await chain.mined(chain.as("standby").staking.write.stakeTokens([pli(70_000), ofB.node]));
    await synced();
    expect(
      (await hint(a.token, { nodeId: first.id, tnxHash: topupTx.toUpperCase().replace("0X", "0x") })).body.data,
    ).toMatchObject({ totalStake: pli(60_000).toString(), tnxHash: topupTx });
    expect(await get(a.token, API.stake.total)).toEqual({ tillStake: pli(60_000).toString() });
    expect(await get(a.token, `${API.stake.total}?nodeId=${second.id}`)).toEqual({ tillStake: "0" });
    expect(await get(b.token, API.stake.total)).toEqual({ tillStake: pli(70_000).toString() });
    const mine = await get(a.token, API.stake.transactions);
    expect(mine).toMatchObject({ totalDocs: 2, totalPages: 1 });
    expect(mine.docs).toMatchObject([
      {
        kind: "topup",
        tnxHash: topupTx,
        totalStake: pli(10_000).toString(),
        totalAfter: pli(60_000).toString(),
        walletAddress: a.wallet,
        nodeId: first.id,
        stakeId: positionId(first),
        status: STAKE_STATUS.stake,
      },
      { kind: "stake", tnxHash: stakeTx, totalStake: pli(50_000).toString() },
    ]);
    expect(
      (await get(a.token, `${API.stake.transactions}?q=${topupTx.slice(0, 20)}`)).docs.map(
        (doc: { tnxHash: string }) => doc.tnxHash,
      ),
    ).toEqual([topupTx]);
    expect((await get(admin, API.stake.transactions)).totalDocs).toBe(3);
    const list = await get(admin, `${API.stake.root}?page=1&limit=5`);
    expect(list).toMatchObject({ totalDocs: 2, page: 1, limit: 5, totalPages: 1 });
    expect(list.docs.map((doc: { user: { email: string } }) => doc.user.email)).toEqual([b.email, a.email]);
    expect(list.docs[1]).toMatchObject({
      totalStake: pli(60_000).toString(),
      transaction: [{ kind: "topup" }, { kind: "stake" }],
    });
    expect(
      (await get(admin, `${API.stake.root}?q=${encodeURIComponent(a.email)}`)).docs.map(
        (doc: { _id: string }) => doc._id,
      ),
    ).toEqual([positionId(first)]);
    expect(
      (await get(admin, `${API.stake.root}?q=${ofB.node.slice(-6)}`)).docs.map((doc: { _id: string }) => doc._id),
    ).toEqual([`${b.wallet}-${ofB.node.toLowerCase()}`]);
    expect(
      (await get(admin, `${API.stake.root}?q=xdc${ofB.node.slice(2)}`)).docs.map((doc: { _id: string }) => doc._id),
      "an address in XDC's form finds its positions",
    ).toEqual([`${b.wallet}-${ofB.node.toLowerCase()}`]);
  });

  it("an admin reads one position by its _id in any case, as the list shows it; 404 without a position, 400 for a malformed id, 403 for an operator", async () => {
    const byId = (token: string, id: string) =>
      t.call("GET", `${API.stake.byId}?stakeId=${encodeURIComponent(id)}`, { token });
    const listed = (await get(admin, `${API.stake.root}?q=${encodeURIComponent(a.email)}`)).docs[0];
    expect(await byId(admin, positionId(first).toUpperCase().replace(/0X/g, "0x"))).toMatchObject({
      status: 200,
      body: listed,
    });
    expect((await byId(admin, positionId(first))).body).toMatchObject({
      totalStake: pli(60_000).toString(),
      status: STAKE_STATUS.stake,
      transaction: [{ kind: "topup" }, { kind: "stake" }],
    });
    expect(await byId(admin, positionId(second))).toMatchObject({
      status: 404,
      body: { error: MESSAGES.stakeNotFound },
    });
    expect(await byId(admin, `${a.wallet}:${first.node}`)).toMatchObject({
      status: 400,
      body: { errors: { stakeId: "Invalid stake id" } },
    });
    expect((await byId(a.token, positionId(first))).status).toBe(403);
  });

  it("exports every matching transaction as CSV: the operator's own, all for an admin, amounts in PLI", async () => {
    const csv = await t.call("GET", API.stake.transactionsExport, { token: a.token });
    expect(csv.headers.get("content-disposition")).toContain("transactions.csv");
    const lines = (csv.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Wallet Address,Node Address,Txn Hash,Total Stake (PLI),Staked After (PLI),Type,Status,Date");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 7))).toEqual([
      [a.wallet, first.node.toLowerCase(), topupTx, "10000", "60000", "topup", STAKE_STATUS.stake],
      [a.wallet, first.node.toLowerCase(), stakeTx, "50000", "50000", "stake", STAKE_STATUS.stake],
    ]);
    expect(
      (await t.call("GET", API.stake.transactionsExport, { token: admin })).body.trimEnd().split("\r\n"),
    ).toHaveLength(4);
    expect(
      (await t.call("GET", `${API.stake.transactionsExport}?q=${stakeTx.slice(-12)}`, { token: admin })).body
        .trimEnd()
        .split("\r\n"),
    ).toHaveLength(2);
  });

  it("forged hints answer a clear 4xx and change nothing", async () => {
    const before = await everything();
    const fake = keccak256(toHex("never sent"));
    expect(await hint(a.token, { nodeId: first.id, tnxHash: fake })).toMatchObject({
      status: 404,
      body: { error: MESSAGES.hintNotIndexed },
    });
    expect(await hint(b.token, { nodeId: ofB.id, tnxHash: stakeTx })).toMatchObject({
      status: 403,
      body: { error: MESSAGES.hintOtherWallet },
    });
    expect(await hint(b.token, { nodeId: first.id, tnxHash: stakeTx })).toMatchObject({ status: 404 });
    expect(
      await hint(a.token, { nodeId: second.id, tnxHash: stakeTx, totalStake: pli(50_000).toString() }),
    ).toMatchObject({ status: 409, body: { error: MESSAGES.hintOtherNode } });
    const failed = await chain.as("validator").staking.write.topupStake([pli(1_000), second.node], { gas: 300_000n });
    expect((await receiptOf(chain.publicClient, failed)).status).toBe("reverted");
    await synced();
    expect(await hint(a.token, { nodeId: second.id, tnxHash: failed })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.hintFailed },
    });
    const approval = (
      await chain.mined(chain.as("validator").token.write.approve([chain.deployment.contracts.stakingRewards, pli(1)]))
    ).transactionHash;
    await synced();
    expect(await hint(a.token, { nodeId: first.id, tnxHash: approval })).toMatchObject({
      status: 409,
      body: { error: "This transaction is not a stake or top-up" },
    });
    expect(await hint(a.token, { nodeId: first.id, tnxHash: "0x1234" })).toMatchObject({
      status: 400,
      body: { errors: { tnxHash: expect.any(String) } },
    });
    expect(
      await t.call("POST", API.stake.withdraw, {
        token: a.token,
        body: { _id: positionId(first), transactionHash: topupTx },
      }),
    ).toMatchObject({
      status: 409,
      body: { error: "This transaction is not a withdrawal" },
    });
    expect(await everything()).toEqual(before);
  });

  it("unlock: the hint is refused until the chain shows Unlock, then answers it; the total still counts it", async () => {
    expect(await t.call("POST", API.stake.unlock, { token: admin, body: { _id: positionId(first) } })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.stakeNotUnlocked },
    });
    expect((await t.call("POST", API.stake.unlock, { token: admin, body: { _id: positionId(second) } })).status).toBe(
      404,
    );
    const unlockTx = (await chain.mined(chain.as("owner").staking.write.unlock([a.address, first.node])))
      .transactionHash;
    await synced();
    const unlocked = await t.call("POST", API.stake.unlock, {
      token: admin,
      body: { _id: positionId(first).toUpperCase().replace(/0X/g, "0x") },
    });
    expect(unlocked.body).toMatchObject({
      message: MESSAGES.tokenUnlocked,
      data: {
        status: STAKE_STATUS.unlock,
        isUnlocked: true,
        unlockTnxHash: unlockTx,
        totalStake: pli(60_000).toString(),
      },
    });
    const again = await Promise.all(
      [admin, admin].map((token) => t.call("POST", API.stake.unlock, { token, body: { _id: positionId(first) } })),
    );
    expect(again.map((sent) => sent.status)).toEqual([200, 200]);
    const audits = await t.db
      .selectFrom("app.audit_record")
      .select("tx_hash")
      .where("action", "=", "stake.unlock")
      .where("tx_hash", "=", unlockTx)
      .execute();
    expect(audits, "one unlock, one record, however many hints").toHaveLength(1);
    expect(await get(a.token, `${API.stake.status}?nodeId=${first.id}`)).toEqual({
      currentStatus: STAKE_STATUS.unlock,
      _id: positionId(first),
    });
    expect(await get(a.token, API.stake.total)).toEqual({ tillStake: pli(60_000).toString() });
    expect((await get(a.token, API.stake.transactions)).docs[0]).toMatchObject({
      kind: "unlock",
      tnxHash: unlockTx,
      status: STAKE_STATUS.unlock,
    });
  });

  it("withdraw: answered once the unstake is indexed, only to the position's owner; then Withdraw with the amount withdrawn", async () => {
    const unstakeTx = (await chain.mined(chain.as("validator").staking.write.unstake([first.node]))).transactionHash;
    const withdraw = (token: string, id = positionId(first), transactionHash: string = unstakeTx) =>
      t.call("POST", API.stake.withdraw, { token, body: { _id: id, transactionHash } });
    expect((await withdraw(b.token)).status).toBe(404);
    await synced();
    expect(await withdraw(a.token, positionId(first), keccak256(toHex("not an unstake")))).toMatchObject({
      status: 404,
      body: { error: MESSAGES.hintNotIndexed },
    });
    expect(await withdraw(a.token, positionId(second))).toMatchObject({
      status: 404,
      body: { error: MESSAGES.stakeNotFound },
    });
    const answer = await withdraw(a.token);
    expect(answer.body).toMatchObject({
      message: "Token Withdrawn Successfully",
      data: {
        status: STAKE_STATUS.withdraw,
        totalStake: "0",
        withdrawStake: pli(60_000).toString(),
        withdrawTnxHash: unstakeTx,
        isUnlocked: true,
      },
    });
    expect(answer.body.data.transaction.map((event: { kind: string }) => event.kind)).toEqual([
      "unstake",
      "unlock",
      "topup",
      "stake",
    ]);
    expect(await get(a.token, API.stake.total)).toEqual({ tillStake: "0" });
    expect(await get(a.token, `${API.stake.status}?nodeId=${first.id}`)).toEqual({
      currentStatus: STAKE_STATUS.withdraw,
      _id: positionId(first),
    });
  });

  it("stakes are never deleted or deactivated", async () => {
    for (const url of [API.stake.delete, API.stake.deactivate]) {
      expect(await t.call("POST", url, { token: admin, body: { _id: positionId(first) } })).toMatchObject({
        status: 409,
        body: { error: MESSAGES.chainDerived },
      });
    }
    expect((await get(admin, API.stake.root)).totalDocs).toBe(2);
  });
});
