import { randomUUID } from "node:crypto";
import { formatUnits, keccak256, toHex, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pli } from "../../../test/chain.ts";
import type { TestApp } from "../../test/app-fixture.ts";
import { startChainApp } from "../../test/chain-app.ts";
import { adminAndTwoOperators, approvedNode, atChainTime, chainPast } from "../../test/incentives.ts";
import { newOperator } from "../../test/nodes.ts";
import { API, INCENTIVE_STATUS, MESSAGES, PAYOUT_BATCH_SIZE, PAYOUT_GAS } from "../public-contract/index.ts";
import { createMailer, sendPendingMails } from "../mail/index.ts";
import { accrueIncentives } from "./accrual.ts";
import { silentLog } from "../../test/logs.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver.ts";
import { deliverPendingWebhooks } from "../webhook/index.ts";
import { HANDLER } from "../handlers.ts";
import { receiptOf } from "../../../scripts/lib/receipt.ts";

/**
 * Bulk payouts on a real chain: incentives accrued from stakes on anvil, paid with payRewards from the
 * owner's wallet as the plan says, indexed by Ponder and matched to their rows; a second payment of a
 * key refused by the contract; payments of another amount or of no row shown as discrepancies; hints
 * that the chain does not back change nothing.
 */
let app: Awaited<ReturnType<typeof startChainApp>>;
let t: TestApp;
let admin: string;
let receiver: WebhookReceiver;
let a: Awaited<ReturnType<typeof newOperator>>;
let b: Awaited<ReturnType<typeof newOperator>>;
let nodes: Awaited<ReturnType<typeof approvedNode>>[];

interface Batch {
  ids: string[];
  wallets: string[];
  amounts: string[];
  dates: number[];
  nodes: string[];
  total: string;
}
interface Listed {
  _id: string;
  walletAddress: string;
  nodeAddress: string;
  date: string;
  token: string;
  status: string;
  tnxHash: string | null;
  paidDate: string | null;
  amountMismatch: boolean;
}

const call = (token: string, method: "GET" | "POST", url: string, body?: unknown) =>
  t.call(method, url, { token, body });
const list = async (token: string, query = "limit=100"): Promise<Listed[]> =>
  (await call(token, "GET", `${API.incentive.root}?${query}`)).body.docs;
const owner = () => app.chain.as("owner");
/** Sends one planned batch from the owner's wallet with spec 9's gas; resolves with the receipt, reverted or not. */
async function send(batch: Pick<Batch, "wallets" | "amounts" | "dates" | "nodes">) {
  const hash = await owner().staking.write.payRewards(
    [batch.wallets as Address[], batch.amounts.map(BigInt), batch.dates.map(BigInt), batch.nodes as Address[]],
    { gas: PAYOUT_GAS },
  );
  const receipt = await receiptOf(app.chain.publicClient, hash);
  await app.synced();
  return receipt;
}
const hint = (tnxHash: string, ids: string[], token = admin) =>
  call(token, "POST", API.incentive.update, {
    tnxHash,
    selectedArray: ids.map((_id) => ({ _id, status: INCENTIVE_STATUS.paid, token: "1" })),
  });
async function deposit(amount: bigint) {
  await app.chain.fund("owner", amount);
  await app.chain.mined(owner().staking.write.depositReward([amount]));
  await app.synced();
}

beforeAll(async () => {
  app = await startChainApp();
  ({ t } = app);
  ({ admin, a, b } = await adminAndTwoOperators(app));
  nodes = [
    await approvedNode(app, admin, a, 1),
    await approvedNode(app, admin, b, 2),
    await approvedNode(app, admin, a, 3),
  ];
  const stakes: [string, "validator" | "standby", bigint, number][] = [
    ["2027-01-10T12:00:00", "validator", pli(100_000), 0],
    ["2027-01-20T12:00:00", "standby", pli(50_000), 1],
    ["2027-01-25T12:00:00", "validator", pli(60_000), 2],
  ];
  for (const [time, who, amount, node] of stakes) {
    await atChainTime(app, time);
    await app.chain.mined(app.chain.as(who).staking.write.stakeTokens([amount, nodes[node]!.node]));
  }
  await chainPast(app, "2027-03-01T08:00:00");
  expect(
    (await accrueIncentives({ db: t.db, chain: app.chain.publicClient }, new Date("2027-03-01T00:00:00Z"))).accrued,
  ).toHaveLength(2);
});
afterAll(async () => {
  await receiver?.stop();
  await app?.stop();
});

describe("incentive lists", () => {
  it("an operator sees only their own incentives, an admin all, newest date first, with the spec's fields", async () => {
    const mine = await list(a.token);
    expect(mine).toHaveLength(4);
    expect(new Set(mine.map((row) => row.walletAddress))).toEqual(new Set([a.wallet]));
    expect(mine.map((row) => row.date)).toEqual(["2027-03-01", "2027-03-01", "2027-02-01", "2027-02-01"]);
    expect((await list(b.token)).map((row) => row.walletAddress)).toEqual([b.wallet, b.wallet]);
    const all = await call(admin, "GET", `${API.incentive.root}?page=2&limit=4`);
    expect(all.body).toMatchObject({ totalDocs: 6, page: 2, limit: 4, totalPages: 2 });
    expect((await call(admin, "GET", `${API.incentive.root}?page=9&limit=4`)).body).toMatchObject({
      docs: [],
      totalDocs: 6,
      page: 9,
    });
    expect((await call(b.token, "GET", `${API.incentive.root}?page=3&limit=1&q=unpaid`)).body).toMatchObject({
      docs: [],
      totalDocs: 2,
    });
    const row = (await list(a.token)).find(
      (doc) => doc.nodeAddress === nodes[0]!.nodeKey && doc.date === "2027-02-01",
    )!;
    expect(row).toMatchObject({
      status: INCENTIVE_STATUS.unPaid,
      type: "Monthly",
      token: ((22n * pli(100_000) * 25n) / (10n * 100n * 31n)).toString(),
      dateKey: 20270201,
      inactiveCount: 0,
      tnxHash: null,
      paidDate: null,
      nextPaymentDate: "2027-03-03",
      nodeId: nodes[0]!.id,
      stake: { stakeNo: `${a.wallet}-${nodes[0]!.nodeKey}`, status: "Stake" },
      user: { walletAddress: a.wallet, email: a.email },
    });
  });

  it("searches by status label and by the start of a wallet or node address", async () => {
    const count = async (q: string, token = admin) =>
      (await call(token, "GET", `${API.incentive.root}?q=${encodeURIComponent(q)}`)).body.totalDocs;
    expect(await count("unp")).toBe(6);
    expect(await count("Paid")).toBe(0);
    expect(await count("nothing")).toBe(0);
    expect(await count(b.wallet.slice(0, 12))).toBe(2);
    expect(await count(nodes[2]!.nodeKey)).toBe(2);
    expect(await count(nodes[1]!.nodeKey, a.token)).toBe(0);
  });
});

describe("bulk payouts", () => {
  let paidIds: string[];
  let payTx: Hex;

  it("refuses a plan the reward pool cannot cover, with the spec's message", async () => {
    const ids = (await list(admin)).map((row) => row._id);
    expect(await call(admin, "POST", API.incentive.payout, { ids })).toMatchObject({
      status: 409,
      body: { error: "Kindly check if you have sufficient PLI for rolling out Incentives! Try Again!!" },
    });
    await deposit(pli(10_000));
    expect((await call(admin, "GET", API.incentive.summary)).body).toMatchObject({
      rewardBalance: pli(10_000).toString(),
      total: { count: 6 },
      paid: { count: 0, token: "0" },
      unPaid: { count: 6 },
    });
  });

  it("pays two selected rows: exactly those turn Paid with the chain's hash and time once the payment is indexed", async () => {
    const rows = await list(admin);
    const chosen = [
      rows.find((row) => row.walletAddress === a.wallet && row.date === "2027-03-01")!,
      rows.find((row) => row.walletAddress === b.wallet && row.date === "2027-02-01")!,
    ];
    paidIds = chosen.map((row) => row._id);
    const plan = await call(admin, "POST", API.incentive.payout, { ids: paidIds });
    expect(plan.status).toBe(200);
    expect(plan.body.batches).toEqual([
      {
        ids: paidIds,
        wallets: chosen.map((row) => row.walletAddress),
        amounts: chosen.map((row) => row.token),
        dates: [20270301, 20270201],
        nodes: chosen.map((row) => row.nodeAddress),
        total: (BigInt(chosen[0]!.token) + BigInt(chosen[1]!.token)).toString(),
      },
    ]);
    receiver = await startWebhookReceiver();
    const hook = await call(a.token, "POST", API.webhook.root, { kind: "json", url: `${receiver.url}/paid` });
    expect(hook.status).toBe(201);
    const receipt = await send(plan.body.batches[0]);
    expect(receipt.status).toBe("success");
    payTx = receipt.transactionHash;
    const block = await app.chain.publicClient.getBlock({ blockNumber: receipt.blockNumber });

    const answer = await hint(payTx, paidIds);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: "Token Sent Successfully", paid: paidIds });
    // The operators are told by the handler that follows the indexed range (the hint only matches the payment).
    await t.handlers.run(HANDLER.paymentMatching);
    await deliverPendingWebhooks(t.webhookSender);
    const told = JSON.parse((await receiver.requestTo("/paid")).body);
    expect(told).toMatchObject({
      type: "incentive.paid",
      data: {
        txHash: payTx,
        wallet: a.wallet,
        amount: chosen[0]!.token,
        amountPli: formatUnits(BigInt(chosen[0]!.token), 18),
      },
    });
    expect(told.data).not.toHaveProperty("usd");
    const after = await list(admin);
    expect(
      after
        .filter((row) => row.status === INCENTIVE_STATUS.paid)
        .map((row) => row._id)
        .sort(),
    ).toEqual([...paidIds].sort());
    for (const row of after.filter((doc) => paidIds.includes(doc._id))) {
      expect(row).toMatchObject({
        tnxHash: payTx,
        paidDate: new Date(Number(block.timestamp) * 1000).toISOString(),
        amountMismatch: false,
      });
    }
    expect((await list(b.token)).find((row) => row._id === paidIds[1])).toMatchObject({
      status: INCENTIVE_STATUS.paid,
      tnxHash: payTx,
    });
    const summary = (await call(admin, "GET", API.incentive.summary)).body;
    expect(summary).toMatchObject({
      paid: { count: 2, token: plan.body.total },
      unPaid: { count: 4 },
      rewardBalance: (pli(10_000) - BigInt(plan.body.total)).toString(),
      discrepancies: 0,
    });
    expect((await call(admin, "GET", `${API.incentive.root}?q=paid`)).body.totalDocs).toBe(2);
    expect((await call(admin, "GET", `${API.incentive.root}?q=${payTx.slice(0, 14)}`)).body.totalDocs).toBe(2);
  });

  it("mails each operator once per payout transaction, listing the rows it paid them", async () => {
    const mailDeps = { ...t.mailSender, log: silentLog() };
    // The one outbox also holds the set-up's node review mails: set them aside so the counts are the payout mails'.
    await t.db
      .updateTable("app.mail_outbox")
      .set({ done_at: new Date() })
      .where("kind", "<>", "incentivePaid")
      .where("done_at", "is", null)
      .execute();
    const failing = { send: async () => Promise.reject(new Error("SMTP down")) };
    expect(await sendPendingMails({ ...mailDeps, mailer: failing })).toEqual({
      sent: 0,
      failed: 2,
      noEmail: 0,
      turnedOff: 0,
    });
    const before = app.smtp.mails.length;
    expect(await sendPendingMails({ ...mailDeps, mailer: createMailer(t.config, silentLog()) })).toEqual({
      sent: 2,
      failed: 0,
      noEmail: 0,
      turnedOff: 0,
    });
    const mails = app.smtp.mails.slice(before).map((mail) => ({ to: mail.to, raw: mail.raw.replace(/=\r?\n/g, "") }));
    expect(mails.map((mail) => mail.to).sort()).toEqual([[a.email], [b.email]].sort());
    const toA = mails.find((mail) => mail.to.includes(a.email))!.raw;
    const paidOfA = (await list(a.token)).find((row) => row._id === paidIds[0])!;
    expect(toA).toContain(`${formatUnits(BigInt(paidOfA.token), 18)} PLI for node ${paidOfA.nodeAddress}`);
    expect(toA).toContain(`${t.config.EXPLORER_TX_URL}${payTx}`);
    expect(toA).toContain(paidOfA.date);
    expect(await hint(payTx, paidIds)).toMatchObject({ status: 200 });
    expect(await sendPendingMails({ ...mailDeps, mailer: createMailer(t.config, silentLog()) })).toEqual({
      sent: 0,
      failed: 0,
      noEmail: 0,
      turnedOff: 0,
    });
    expect(app.smtp.mails.length).toBe(before + 2);
  });

  it("a row paid on chain is never paid again: the plan refuses it and the contract reverts a second payment", async () => {
    expect(await call(admin, "POST", API.incentive.payout, { ids: paidIds })).toMatchObject({
      status: 409,
      body: {
        error: "Only UnPaid incentives with a token greater than 0 can be paid",
        errors: { ids: "All 2 selected incentives are Paid or of 0 PLI" },
      },
    });
    const rows = (await list(admin)).filter((row) => paidIds.includes(row._id));
    const again = await send({
      wallets: rows.map((row) => row.walletAddress),
      amounts: rows.map((row) => row.token),
      dates: rows.map((row) => Number(row.date.replaceAll("-", ""))),
      nodes: rows.map((row) => row.nodeAddress),
    });
    expect(again.status).toBe("reverted");
    expect(
      await owner().staking.read.isRewardPaid([
        rows[0]!.walletAddress as Address,
        rows[0]!.nodeAddress as Address,
        BigInt(rows[0]!.date.replaceAll("-", "")),
      ]),
    ).toBe(true);
    expect(await hint(again.transactionHash, paidIds)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.payoutHintFailed },
    });
    expect((await call(admin, "GET", API.incentive.summary)).body.paid.count).toBe(2);
  });

  it("forged hints change nothing: an unknown hash, a transaction that paid nothing, rows the transaction did not pay, an operator", async () => {
    const before = await list(admin);
    const unpaid = before.filter((row) => row.status === INCENTIVE_STATUS.unPaid).map((row) => row._id);
    expect(await hint(keccak256(toHex("never sent")), unpaid)).toMatchObject({
      status: 404,
      body: { error: MESSAGES.payoutHintNotIndexed },
    });
    const approval = await app.chain.mined(
      owner().token.write.approve([app.chain.deployment.contracts.stakingRewards, 1n]),
    );
    await app.synced();
    expect(await hint(approval.transactionHash, unpaid)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.payoutHintNoPayment },
    });
    const other = await hint(payTx, unpaid);
    expect(other).toMatchObject({ status: 200, body: { paid: [] } });
    expect(other.body.data.every((row: Listed) => row.status === INCENTIVE_STATUS.unPaid)).toBe(true);
    expect((await hint(payTx, unpaid, a.token)).status).toBe(403);
    expect((await hint("0x1234", unpaid)).status).toBe(400);
    expect(await hint(payTx, ["00000000-0000-4000-8000-000000000000"])).toMatchObject({
      status: 404,
      body: { error: MESSAGES.incentiveNotFound },
    });
    expect(await list(admin)).toEqual(before);
  });

  it("shows a payment of another amount and a payment of no row as discrepancies, never as a silent match", async () => {
    const row = (await list(admin)).find(
      (doc) => doc.status === INCENTIVE_STATUS.unPaid && doc.walletAddress === a.wallet,
    )!;
    const more = (BigInt(row.token) + 1n).toString();
    const dateKey = Number(row.date.replaceAll("-", ""));
    const wrong = await send({
      wallets: [row.walletAddress, b.wallet],
      amounts: [more, "7"],
      dates: [dateKey, 20270115],
      nodes: [row.nodeAddress, nodes[1]!.nodeKey],
    });
    expect(wrong.status).toBe("success");
    expect((await hint(wrong.transactionHash, [row._id])).body.paid).toEqual([row._id]);
    expect((await list(admin)).find((doc) => doc._id === row._id)).toMatchObject({
      status: INCENTIVE_STATUS.paid,
      tnxHash: wrong.transactionHash,
      amountMismatch: true,
    });
    const discrepancies = await call(admin, "GET", API.incentive.discrepancies);
    expect(discrepancies.body.totalDocs).toBe(2);
    expect(discrepancies.body.docs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "amount",
          incentiveId: row._id,
          expected: row.token,
          paid: more,
          tnxHash: wrong.transactionHash,
          dateKey,
        }),
        expect.objectContaining({
          kind: "unmatched",
          incentiveId: null,
          walletAddress: b.wallet,
          nodeAddress: nodes[1]!.nodeKey,
          date: "2027-01-15",
          dateKey: 20270115,
          expected: null,
          paid: "7",
        }),
      ]),
    );
    expect((await call(admin, "GET", API.incentive.summary)).body.discrepancies).toBe(2);
    expect((await call(a.token, "GET", API.incentive.discrepancies)).status).toBe(403);
  });

  it("splits a large selection into batches that each fit spec 9's gas", async () => {
    const wallets = Array.from(
      { length: PAYOUT_BATCH_SIZE + 3 },
      (_, i) => `0x${(0xf00 + i).toString(16).padStart(40, "0")}`,
    );
    const inserted = await t.db
      .insertInto("app.incentive")
      .values(
        wallets.map((wallet) => ({
          wallet,
          node: nodes[0]!.nodeKey,
          date: "2027-03-01",
          token: pli(1).toString(),
          inactive_count: 0,
          staked_days: 28,
          accrued_days: 28,
          percentage: "2.5",
        })),
      )
      .returning("id")
      .execute();
    await deposit(pli(PAYOUT_BATCH_SIZE + 3));
    const plan = await call(admin, "POST", API.incentive.payout, { ids: inserted.map((row) => row.id) });
    expect(plan.body.batches.map((batch: Batch) => batch.ids.length)).toEqual([PAYOUT_BATCH_SIZE, 3]);
    for (const batch of plan.body.batches as Batch[]) {
      const receipt = await send(batch);
      expect(receipt.status).toBe("success");
      expect(receipt.gasUsed).toBeLessThan(PAYOUT_GAS);
      expect((await hint(receipt.transactionHash, batch.ids)).body.paid).toHaveLength(batch.ids.length);
    }
  });
});

describe("payouts in flight", () => {
  it("a plan holds its rows: another plan of any is refused, and of others when the pool cannot pay both, until its rows are given back by their admin or their ten minutes pass", async () => {
    await deposit(pli(10));
    const pool = BigInt((await call(admin, "GET", API.incentive.summary)).body.rewardBalance);
    const half = pool / 2n + 1n;
    const [r1, r2, r3, r4] = (
      await t.db
        .insertInto("app.incentive")
        .values(
          [half, half, 1n, half].map((token, i) => ({
            wallet: `0x${(0xa00 + i).toString(16).padStart(40, "0")}`,
            node: nodes[0]!.nodeKey,
            date: "2027-05-01",
            token: token.toString(),
            inactive_count: 0,
            staked_days: 30,
            accrued_days: 30,
            percentage: "2.5",
          })),
        )
        .returning("id")
        .execute()
    ).map((row) => row.id);
    const mine = [r1!, r2!, r3!, r4!];
    const plan = (token: string, ids: string[]) => call(token, "POST", API.incentive.payout, { ids });
    const renew = (token: string, planId: string, ids: string[]) =>
      call(token, "POST", API.incentive.payoutRenew, { planId, ids });
    const release = (token: string, planId: string, ids: string[]) =>
      call(token, "POST", API.incentive.payoutRelease, { planId, ids });
    const heldUntil = async (id: string) =>
      (
        await t.db
          .selectFrom("app.payout_reservation")
          .select("reserved_until")
          .where("incentive_id", "=", id)
          .executeTakeFirst()
      )?.reserved_until;
    const held = async () =>
      (
        await t.db
          .selectFrom("app.payout_reservation")
          .select("incentive_id")
          .where("incentive_id", "in", mine)
          .execute()
      )
        .map((row) => row.incentive_id)
        .sort();
    const otherAdmin = await t.adminToken(await t.addAdmin());
    const inAnotherAdminsPayout =
      "Another Pay Now is paying some of the selected incentives: unselect them, or wait until that payout ends (at most 10 minutes)";
    const inOwnPayout =
      "You are paying some of the selected incentives in another Pay Now (another window, or one whose transaction is not known to be mined yet): check its outcome first; its hold ends at most 10 minutes after its last batch";
    try {
      const first = await plan(admin, [r1!, r3!]);
      expect(first.status).toBe(200);
      const { planId } = first.body as { planId: string };

      expect(await plan(otherAdmin, [r3!])).toMatchObject({
        status: 409,
        body: { error: inAnotherAdminsPayout, errors: { ids: "The selected incentive is in another payout" } },
      });
      expect(await plan(admin, [r2!, r3!])).toMatchObject({
        status: 409,
        body: { error: inOwnPayout, errors: { ids: "1 of the 2 selected incentives is in another payout" } },
      });
      expect(await plan(admin, [r1!, r3!])).toMatchObject({
        status: 409,
        body: { error: inOwnPayout, errors: { ids: "All 2 selected incentives are in another payout" } },
      });
      expect(await plan(admin, [r2!])).toMatchObject({
        status: 409,
        body: {
          error:
            "The reward pool cannot pay this selection after the Pay Now payouts in flight: wait until they end, or deposit PLI",
        },
      });
      expect(await held()).toEqual([r1!, r3!].sort());
      expect(await call(otherAdmin, "POST", API.incentive.delete, { id: r3! })).toMatchObject({
        status: 409,
        body: { error: "A Pay Now is paying this incentive: it can be deleted once that payout ends" },
      });

      const until = (await heldUntil(r1!))!;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await renew(admin, planId, [r1!])).status).toBe(200);
      expect((await heldUntil(r1!))!.getTime()).toBeGreaterThan(until.getTime());
      expect(await renew(otherAdmin, planId, [r1!])).toMatchObject({
        status: 409,
        body: { error: inAnotherAdminsPayout },
      });

      expect((await release(otherAdmin, planId, [r3!])).body).toEqual({ released: 0 });
      expect((await release(admin, randomUUID(), [r3!])).body).toEqual({ released: 0 });
      expect((await plan(otherAdmin, [r3!])).status).toBe(409);
      expect((await release(admin, planId, [r3!])).body).toEqual({ released: 1 });
      const taken = await plan(otherAdmin, [r3!]);
      expect(taken.status).toBe(200);
      expect(await renew(admin, planId, [r3!])).toMatchObject({ status: 409, body: { error: inAnotherAdminsPayout } });

      await t.db
        .updateTable("app.payout_reservation")
        .set({ reserved_until: new Date(Date.now() - 1000) })
        .where("incentive_id", "=", r1!)
        .execute();
      const second = await plan(admin, [r2!]);
      expect(second.status).toBe(200);
      expect(await plan(otherAdmin, [r1!])).toMatchObject({
        status: 409,
        body: {
          error:
            "The reward pool cannot pay this selection after the Pay Now payouts in flight: wait until they end, or deposit PLI",
        },
      });
      expect(await held()).toEqual([r2!, r3!].sort());

      expect((await release(admin, (second.body as { planId: string }).planId, [r2!])).body).toEqual({ released: 1 });
      const together = await Promise.all([plan(admin, [r2!]), plan(otherAdmin, [r4!])]);
      expect(together.map((answer) => answer.status).sort()).toEqual([200, 409]);
    } finally {
      await t.db.deleteFrom("app.incentive").where("id", "in", mine).execute();
    }
    expect(await held()).toEqual([]);
  });
});

describe("exports and deletes", () => {
  it("exports every matching incentive as incentivelist.csv with the spec's columns, amounts in PLI and the chain's hash", async () => {
    const csv = await call(a.token, "GET", API.incentive.export);
    expect(csv.headers.get("content-disposition")).toContain("incentivelist.csv");
    const lines = (csv.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Wallet Address,Stake Id,Status,Token (PLI),Type,Txn Hash,Paid Date,Created At");
    expect(lines).toHaveLength(5);
    const mine = await list(a.token);
    const paid = mine.find((row) => row.status === INCENTIVE_STATUS.paid && !row.amountMismatch)!;
    const cells = lines.map((line) => line.split(","));
    const paidLine = cells.find((cell) => cell[5] === paid.tnxHash && cell[1] === `${a.wallet}-${paid.nodeAddress}`)!;
    const iso = paid.paidDate!;
    expect(paidLine).toEqual([
      a.wallet,
      `${a.wallet}-${paid.nodeAddress}`,
      "Paid",
      formatUnits(BigInt(paid.token), 18),
      "Monthly",
      paid.tnxHash,
      `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`,
      expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
    ]);
    expect((await call(admin, "GET", `${API.incentive.export}?q=unpaid`)).body.trimEnd().split("\r\n").length - 1).toBe(
      (await call(admin, "GET", `${API.incentive.root}?q=unpaid`)).body.totalDocs,
    );
  });

  it("deletes an UnPaid incentive; a paid one is kept", async () => {
    const rows = await list(b.token);
    const unpaid = rows.find((row) => row.status === INCENTIVE_STATUS.unPaid)!;
    const paid = rows.find((row) => row.status === INCENTIVE_STATUS.paid)!;
    expect(await call(admin, "POST", API.incentive.delete, { id: paid._id })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.incentivePaidKept },
    });
    expect(await call(admin, "POST", API.incentive.delete, { id: unpaid._id })).toMatchObject({
      status: 200,
      body: { message: "Incentive Deleted Successfully" },
    });
    expect(await call(admin, "POST", API.incentive.delete, { id: unpaid._id })).toMatchObject({ status: 404 });
    expect((await list(b.token)).map((row) => row._id)).toEqual([paid._id]);
    expect(await call(admin, "GET", `${API.incentive.byId}?incentiveId=${paid._id}`)).toMatchObject({
      status: 200,
      body: { _id: paid._id, status: INCENTIVE_STATUS.paid },
    });
  });
});
