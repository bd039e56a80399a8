import { randomUUID } from "node:crypto";
import { createWalletClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  packSafeSignatures,
  safeL2Abi,
  safeTxFromJson,
  stakingRewardsAbi,
  safeTxTypedData,
  type SafeTx,
  type SafeTxJson,
} from "@pli/abis";
import { pli } from "../../../test/chain.ts";
import { SAFE_ADMIN_KEYS, SAFE_ADMINS } from "../../../test/safe.ts";
import type { TestApp } from "../../test/app-fixture.ts";
import { startSafeApp } from "../../test/chain-app.ts";
import { API, INCENTIVE_STATUS, MESSAGES } from "../public-contract/index.ts";
import { receiptOf } from "../../../scripts/lib/receipt.ts";
import { requirePayoutNames } from "./open-payouts.ts";
import { rewardBalance } from "../incentive/index.ts";

/**
 * Safe mode on a real chain: the demo 2-of-3 Safe owns the contracts, the indexer follows it, and the API builds
 * proposals, checks confirmations and derives the queue from the chain. Each owner signs with their own key.
 */
let chain: Awaited<ReturnType<typeof startSafeApp>>["chain"];
let app: Awaited<ReturnType<typeof startSafeApp>>;
let t: TestApp;
let admin: string;
const [first, second, third] = SAFE_ADMIN_KEYS;
const ownerOf = (key: Hex) => privateKeyToAccount(key).address;

interface Proposal {
  _id: string;
  kind: string;
  nonce: string;
  state: string;
  behindLowerNonce: boolean;
  summary: string;
  recipients?: { wallet: string; node: string; date: number; amount: string }[];
  total?: string;
  csvDigest: string | null;
  safeTx: SafeTxJson;
  safeTxHash: Hex;
  domainHash: Hex;
  confirmations: { owner: string; method: string }[];
  threshold: number;
  signatures: Hex | null;
  execution: { txHash: string; executor: string; status: string } | null;
}

const txOf = (p: Proposal): SafeTx => safeTxFromJson(p.safeTx);
const wallet = (key: Hex) =>
  createWalletClient({ account: privateKeyToAccount(key), chain: chain.chain, transport: http(chain.anvil.rpcUrl) });

async function propose(action: Record<string, unknown>, nonce?: string): Promise<Proposal> {
  const response = await t.call("POST", API.safe.proposals, { token: admin, body: { action, nonce } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}
const confirmWith = (proposalId: string, method: string, signature: Hex) =>
  t.call("POST", API.safe.confirm, { token: admin, body: { proposalId, method, signature } });
const signTyped = (key: Hex, p: Proposal, chainId = chain.deployment.chainId) =>
  wallet(key).signTypedData(safeTxTypedData(chainId, chain.safe, txOf(p)));
async function queue(viewer?: Address): Promise<Proposal[]> {
  const response = await t.call("GET", `${API.safe.proposals}${viewer ? `?owner=${viewer}` : ""}`, { token: admin });
  expect(response.status).toBe(200);
  return response.body;
}
const find = async (id: string, viewer?: Address) => (await queue(viewer)).find((p) => p._id === id)!;
/**
 * execTransaction from `key`'s wallet with the signatures the API packed, then the hint once indexed (`hints` of them at
 * once, as from admins' tabs open on the queue; the first's answer is returned).
 */
async function execute(key: Hex, p: Proposal, signatures = p.signatures!, hints = 1) {
  const tx = txOf(p);
  const hash = await wallet(key).writeContract({
    address: chain.safe,
    abi: safeL2Abi,
    functionName: "execTransaction",
    args: [tx.to, tx.value, tx.data, tx.operation, 0n, 0n, 0n, tx.gasToken, tx.refundReceiver, signatures],
  });
  const receipt = await receiptOf(chain.publicClient, hash);
  await app.synced();
  const sent = await Promise.all(
    Array.from({ length: hints }, () =>
      t.call("POST", API.safe.executed, { token: admin, body: { proposalId: p._id, txHash: hash } }),
    ),
  );
  expect(sent.map((hint) => hint.status)).toEqual(Array(hints).fill(200));
  return { receipt, hint: sent[0]! };
}

/** UnPaid incentive rows of a month's 30 staked days at 1 %, as the accrual writes them. */
const unpaidIncentives = (rows: { wallet: string; node: string; date: string; token: bigint }[]) =>
  t.db
    .insertInto("app.incentive")
    .values(
      rows.map((row) => ({
        wallet: row.wallet.toLowerCase(),
        node: row.node,
        date: row.date,
        token: row.token.toString(),
        inactive_count: 0,
        staked_days: 30,
        accrued_days: 30,
        percentage: "1",
        created_at: new Date(),
      })),
    )
    .returning("id")
    .execute();

beforeAll(async () => {
  app = await startSafeApp();
  ({ t, chain } = app);
  admin = await t.adminToken(await t.addAdmin());
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe("Safe mode", () => {
  it("shows the Safe, its owners, threshold, nonce and PLI balance", async () => {
    const response = await t.call("GET", API.safe.root, { token: admin });
    expect(response.body).toMatchObject({
      enabled: true,
      safe: chain.safe,
      owners: SAFE_ADMINS.map((a) => a.address),
      threshold: 2,
      nonce: "0",
      pliBalance: pli(1_000_000).toString(),
    });
  });

  it("a reward deposit: proposed by one admin, confirmed by a second, executed by the third, seen from the chain", async () => {
    const proposal = await propose({ kind: "deposit", amount: "300000" });
    expect(proposal).toMatchObject({
      kind: "deposit",
      nonce: "0",
      state: "awaitingOthers",
      total: pli(300_000).toString(),
    });
    expect(proposal.summary).toBe(
      "Deposit 300000 PLI from the Safe's own balance into the reward pool (approve and deposit in one transaction)",
    );
    expect(proposal.safeTx.operation).toBe(1);
    expect(proposal.domainHash).toMatch(/^0x[0-9a-f]{64}$/);

    expect((await confirmWith(proposal._id, "typedData", await signTyped(first, proposal))).status).toBe(200);
    expect((await find(proposal._id, ownerOf(second))).state).toBe("awaitingMine");
    const confirmed = await confirmWith(proposal._id, "typedData", await signTyped(second, proposal));
    expect(confirmed.body.data).toMatchObject({ state: "ready", confirmations: [{}, {}] });

    const { receipt, hint } = await execute(third, confirmed.body.data, undefined, 6);
    expect(receipt.status).toBe("success");
    expect(hint.body.data).toMatchObject({
      state: "executed",
      execution: { txHash: receipt.transactionHash, executor: ownerOf(third), status: "success" },
    });
    const pool = await t.db.selectFrom("chain.reward_pool").select("balance").executeTakeFirstOrThrow();
    expect(pool.balance).toBe(pli(300_000).toString());

    const audit = await t.db
      .selectFrom("app.audit_record")
      .select(["action", "record_id", "tx_hash", "after"])
      .where("record_id", "=", proposal._id)
      .orderBy("occurred_at")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["safe.propose", "safe.confirm", "safe.confirm", "safe.execute"]);
    expect(audit[1]!.after).toMatchObject({ owner: ownerOf(first), sequence: "0" });
    expect(audit[3]).toMatchObject({
      tx_hash: receipt.transactionHash,
      after: { executor: ownerOf(third).toLowerCase() },
    });
  });

  it("a Pay Now batch is one Safe transaction with its recipients, figures and CSV digest; paid from the chain", async () => {
    const wallets = [chain.as("validator").address, chain.as("standby").address];
    const rows = await unpaidIncentives(
      wallets.map((w, i) => ({
        wallet: w,
        node: `0x${String(i + 1).padStart(40, "a")}`,
        date: "2026-11-01",
        token: pli(1_000 * (i + 1)),
      })),
    );
    const proposal = await propose({ kind: "payout", ids: rows.map((r) => r.id) });
    expect(proposal.summary).toBe("Pay 2 incentives to 2 wallets: 3000 PLI in 1 payRewards call");
    expect(proposal.recipients).toEqual([
      {
        wallet: wallets[0]!.toLowerCase(),
        node: `0x${"a".repeat(39)}1`,
        date: 20261101,
        amount: pli(1_000).toString(),
      },
      {
        wallet: wallets[1]!.toLowerCase(),
        node: `0x${"a".repeat(39)}2`,
        date: 20261101,
        amount: pli(2_000).toString(),
      },
    ]);
    expect(proposal.csvDigest).toMatch(/^0x[0-9a-f]{64}$/);

    // personal_sign of the safeTxHash (XDCPay-style wallets): the API stores it as the Safe reads eth_sign, v + 4.
    const personal = await wallet(second).signMessage({ message: { raw: proposal.safeTxHash } });
    expect((await confirmWith(proposal._id, "ethSign", personal)).status).toBe(200);
    const ready = (await confirmWith(proposal._id, "typedData", await signTyped(third, proposal))).body
      .data as Proposal;
    expect(ready.state).toBe("ready");
    const { hint } = await execute(first, ready);
    expect(hint.status).toBe(200);

    const listed = await t.call("GET", `${API.incentive.root}?limit=100`, { token: admin });
    const paid = listed.body.docs.filter((d: { _id: string }) => rows.some((r) => r.id === d._id));
    expect(paid.map((d: { status: string }) => d.status)).toEqual([INCENTIVE_STATUS.paid, INCENTIVE_STATUS.paid]);
  });

  it("refuses Pay Now from one admin's wallet (plan and hold) and a Safe payout of a row such a plan still holds", async () => {
    const [row] = await unpaidIncentives([
      { wallet: chain.as("validator").address, node: `0x${"d".repeat(40)}`, date: "2026-10-01", token: pli(500) },
    ]);
    const plan = await t.call("POST", API.incentive.payout, { token: admin, body: { ids: [row!.id] } });
    expect(plan.status).toBe(409);
    expect(plan.body.error).toBe(
      "The contracts are owned by a Safe: Pay Now is proposed to the Safe (POST /api/safe/proposals), never paid from one admin's wallet",
    );
    const renew = await t.call("POST", API.incentive.payoutRenew, {
      token: admin,
      body: { planId: randomUUID(), ids: [row!.id] },
    });
    expect(renew.status).toBe(409);
    expect(await t.db.selectFrom("app.payout_reservation").select("incentive_id").execute()).toEqual([]);

    // A Pay Now plan made before the portal was in Safe mode still holds the row: the Safe proposal is refused.
    const { id: adminId } = await t.db.selectFrom("app.admin").select("id").limit(1).executeTakeFirstOrThrow();
    await t.db
      .insertInto("app.payout_reservation")
      .values({
        incentive_id: row!.id,
        plan_id: randomUUID(),
        admin_id: adminId,
        reserved_until: new Date(Date.now() + 600_000),
      })
      .execute();
    const proposed = await t.call("POST", API.safe.proposals, {
      token: admin,
      body: { action: { kind: "payout", ids: [row!.id] } },
    });
    expect(proposed.status).toBe(409);
    expect(proposed.body.error).toBe(MESSAGES.payoutInFlight);
    await t.db.deleteFrom("app.payout_reservation").execute();
  });

  it("refuses a signature by a non-owner, for another nonce or another chain, as a field error", async () => {
    const validator = chain.as("validator").address;
    const proposal = await propose({ kind: "unlock", wallet: validator, node: `0x${"b".repeat(40)}` });
    const outsider = await wallet("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6").signTypedData(
      safeTxTypedData(chain.deployment.chainId, chain.safe, txOf(proposal)),
    );
    const otherNonce = await wallet(first).signTypedData(
      safeTxTypedData(chain.deployment.chainId, chain.safe, { ...txOf(proposal), nonce: BigInt(proposal.nonce) - 1n }),
    );
    const otherChain = await signTyped(first, proposal, 51);
    for (const signature of [outsider, otherNonce, otherChain]) {
      const refused = await confirmWith(proposal._id, "typedData", signature);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ signature: MESSAGES.safeNotOwnerSignature });
    }
    const bad = await confirmWith(proposal._id, "typedData", "0x1234" as Hex);
    expect(bad.body.errors).toEqual({ signature: MESSAGES.safeSignatureFormat });
    expect((await find(proposal._id)).confirmations).toEqual([]);
  });

  it("an unlock with one confirmation cannot execute; the chain refuses it too", async () => {
    const proposal = (await queue()).find((p) => p.kind === "unlock")!;
    const one = await confirmWith(proposal._id, "typedData", await signTyped(first, proposal));
    expect(one.body.data).toMatchObject({ state: "awaitingOthers", signatures: null });
    const lone = packSafeSignatures([{ owner: ownerOf(first), signature: await signTyped(first, proposal) }]);
    await expect(execute(third, proposal, lone)).rejects.toThrow(/GS020/);
  });

  it("queues: a later nonce collects confirmations while a lower one waits; a replaced proposal says so", async () => {
    const unlock = (await queue()).find((p) => p.kind === "unlock")!;
    const limits = await propose({ kind: "stakeLimits", maxStake: "2000000" });
    expect(BigInt(limits.nonce)).toBe(BigInt(unlock.nonce) + 1n);
    await confirmWith(limits._id, "typedData", await signTyped(first, limits));
    const blocked = (await confirmWith(limits._id, "typedData", await signTyped(second, limits))).body.data;
    expect(blocked).toMatchObject({ state: "blocked", behindLowerNonce: true, signatures: null });

    // The unlock is dropped: a whitelist replaces it at its nonce, confirmed on chain with approveHash by one owner.
    const replacement = await propose(
      {
        kind: "whitelist",
        contract: "StakingRewards",
        wallet: chain.as("validator").address,
        node: `0x${"c".repeat(40)}`,
      },
      unlock.nonce,
    );
    expect(replacement.nonce).toBe(unlock.nonce);
    await wallet(third).writeContract({
      address: chain.safe,
      abi: safeL2Abi,
      functionName: "approveHash",
      args: [replacement.safeTxHash],
    });
    await app.synced();
    await confirmWith(replacement._id, "typedData", await signTyped(second, replacement));
    const ready = await find(replacement._id);
    expect(ready).toMatchObject({ state: "ready" });
    expect(ready.confirmations).toContainEqual({ owner: ownerOf(third), method: "approveHash" });
    expect((await execute(first, ready)).hint.status).toBe(200);

    expect((await find(unlock._id)).state).toBe("replaced");
    const late = await confirmWith(unlock._id, "typedData", await signTyped(second, unlock));
    expect(late.body.errors).toEqual({ signature: MESSAGES.safeNonceUsed });
    expect((await find(limits._id)).state).toBe("ready");
    const whitelisted = await t.db.selectFrom("chain.whitelist").selectAll().execute();
    expect(whitelisted.map((w) => w.whitelisted_by)).toContain(chain.safe.toLowerCase());
  });

  it("refuses a nonce below the Safe's and an action it cannot build, with field errors", async () => {
    const below = await t.call("POST", API.safe.proposals, {
      token: admin,
      body: { action: { kind: "deposit", amount: "1" }, nonce: "0" },
    });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual({ nonce: MESSAGES.safeNonceBelowSafe });
    const zero = await t.call("POST", API.safe.proposals, {
      token: admin,
      body: { action: { kind: "deposit", amount: "0" } },
    });
    expect(zero.status).toBe(400);
    expect(Object.values(zero.body.errors)).toEqual([MESSAGES.safeAmountPositive]);
  });

  it("keeps an UnPaid incentive a payout proposal names until another Safe transaction takes its nonce", async () => {
    const [named, other, gone] = await unpaidIncentives(
      ["d1", "d2", "d3"].map((tail) => ({
        wallet: chain.as("validator").address,
        node: `0x${tail.padStart(40, "0")}`,
        date: "2026-12-01",
        token: pli(10),
      })),
    );
    const remove = (id: string) => t.call("POST", API.incentive.delete, { token: admin, body: { id } });
    const limits = (await queue()).find((p) => p.kind === "stakeLimits" && p.state === "ready")!;
    const payout = await propose({ kind: "payout", ids: [named!.id] }, limits.nonce);

    const refused = await remove(named!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "A Safe payout proposal that has not executed pays this incentive: it can be deleted once another Safe transaction takes that proposal's nonce",
    );
    expect(await t.db.selectFrom("app.incentive").select("id").where("id", "=", named!.id).execute()).toHaveLength(1);
    expect((await remove(other!.id)).body).toEqual({ message: "Incentive Deleted Successfully" });

    // A payout stored after its incentive was deleted (the deletion could not see it) is rolled back with it.
    await t.db.deleteFrom("app.incentive").where("id", "=", gone!.id).execute();
    const late = `0x${"e".repeat(64)}`;
    await expect(
      t.db.transaction().execute(async (tx) => {
        await tx
          .insertInto("app.safe_proposal")
          .values({
            chain_id: chain.deployment.chainId,
            safe: chain.safe.toLowerCase(),
            nonce: payout.nonce,
            kind: "payout",
            to_address: payout.safeTx.to.toLowerCase(),
            data: payout.safeTx.data,
            operation: 0,
            safe_tx_hash: late,
            domain_hash: payout.domainHash,
            description: JSON.stringify({ action: { kind: "payout", ids: [gone!.id] } }),
          })
          .execute();
        await requirePayoutNames(tx, [gone!.id]);
      }),
    ).rejects.toMatchObject({ status: 404, message: "Incentive not found" });
    expect(await t.db.selectFrom("app.safe_proposal").select("id").where("safe_tx_hash", "=", late).execute()).toEqual(
      [],
    );

    expect((await execute(first, limits)).hint.status).toBe(200);
    expect((await find(payout._id)).state).toBe("replaced");
    expect((await remove(named!.id)).body).toEqual({ message: "Incentive Deleted Successfully" });
  });

  it("raises both stake limits in an order the contract accepts, and refuses limits it would revert", async () => {
    const limit = (functionName: "minStakeAmt" | "maxStakeAmt") =>
      chain.publicClient.readContract({
        address: chain.deployment.contracts.stakingRewards,
        abi: stakingRewardsAbi,
        functionName,
      });
    expect(await limit("maxStakeAmt")).toBe(pli(2_000_000));
    const refused = async (action: Record<string, unknown>) => {
      const response = await t.call("POST", API.safe.proposals, { token: admin, body: { action } });
      expect(response.status, JSON.stringify(action)).toBe(400);
      return Object.values(response.body.errors);
    };
    expect(await refused({ kind: "stakeLimits", minStake: "3000000" })).toEqual([
      "Minimum stake must not exceed the maximum stake",
    ]);
    expect(await refused({ kind: "stakeLimits", minStake: "10", maxStake: "5" })).toEqual([
      "Minimum stake must not exceed the maximum stake",
    ]);
    expect(await refused({ kind: "stakeLimits", minStake: "60500" })).toEqual([
      "The multiple must divide the minimum stake",
    ]);
    expect(await refused({ kind: "stakeLimits", maxStake: "2000000" })).toEqual([MESSAGES.safeLimitsUnchanged]);

    const raise = await propose({ kind: "stakeLimits", minStake: "3000000", maxStake: "5000000" });
    expect(raise.summary).toBe("Set the maximum stake to 5000000 PLI and the minimum stake to 3000000 PLI");
    await confirmWith(raise._id, "typedData", await signTyped(first, raise));
    const ready = (await confirmWith(raise._id, "typedData", await signTyped(second, raise))).body.data as Proposal;
    expect(ready.state).toBe("ready");
    const { receipt } = await execute(third, ready);
    expect(receipt.status).toBe("success");
    expect((await find(raise._id)).state).toBe("executed");
    expect([await limit("minStakeAmt"), await limit("maxStakeAmt")]).toEqual([pli(3_000_000), pli(5_000_000)]);
  });

  it("refuses what would fail on chain behind a queued proposal and hold up the queue", async () => {
    const [a, b] = await unpaidIncentives(
      ["e4", "e5"].map((tail) => ({
        wallet: chain.as("validator").address,
        node: `0x${tail.padStart(40, "0")}`,
        date: "2026-12-01",
        token: 1n,
      })),
    );
    const proposeCall = (action: Record<string, unknown>, nonce?: string) =>
      t.call("POST", API.safe.proposals, { token: admin, body: { action, nonce } });
    const queued =
      "A Safe proposal still to execute already does this: it would fail on chain after that one and hold up the queue. Execute that one, or propose at its nonce to replace it";

    const first = await propose({ kind: "payout", ids: [a!.id] });
    const again = await proposeCall({ kind: "payout", ids: [b!.id, a!.id] });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(queued);
    const replaced = await propose({ kind: "payout", ids: [a!.id, b!.id] }, first.nonce);
    expect(replaced.nonce).toBe(first.nonce);

    const stake = { kind: "unlock", wallet: chain.as("validator").address, node: `0x${"e6".padStart(40, "0")}` };
    await propose(stake);
    const twice = await proposeCall({ ...stake, node: stake.node.toUpperCase().replace("0X", "0x") });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(queued);

    const next = BigInt((await propose({ kind: "deposit", amount: "1" })).nonce) + 1n;
    const ahead = await proposeCall({ kind: "deposit", amount: "1" }, (next + 1n).toString());
    expect(ahead.status).toBe(400);
    expect(ahead.body.errors).toEqual({
      nonce: "The nonce must be a queued proposal's (to replace it) or the next free one",
    });

    const many = await unpaidIncentives(
      Array.from({ length: 301 }, (_, i) => ({
        wallet: chain.as("validator").address,
        node: `0x${(0xf000 + i).toString(16).padStart(40, "0")}`,
        date: "2026-12-01",
        token: 1n,
      })),
    );
    const large = await proposeCall({ kind: "payout", ids: many.map((row) => row.id) });
    expect(large.status).toBe(400);
    expect(large.body.error, "the message a Pay Now dialog shows").toBe(large.body.errors["action.ids"]);
    expect(large.body.errors).toEqual({
      "action.ids":
        "A Safe payout pays at most 300 incentives, one transaction within a block's gas: propose the rest in another",
    });
    expect((await proposeCall({ kind: "payout", ids: many.slice(0, 300).map((row) => row.id) })).status).toBe(200);
  });

  it("refuses a payout the reward pool cannot pay after the payouts already queued", async () => {
    const pool = BigInt(await rewardBalance(t.db));
    expect(pool, "the demo reward pool").toBeGreaterThan(10n);
    const [a, b] = await unpaidIncentives(
      ["e7", "e8"].map((tail, i) => ({
        wallet: chain.as("validator").address,
        node: `0x${tail.padStart(40, "0")}`,
        date: "2026-12-01",
        token: pool / 2n + BigInt(i),
      })),
    );
    const half = await propose({ kind: "payout", ids: [a!.id] });
    await propose({ kind: "deposit", amount: "1000000" });
    const behind = await t.call("POST", API.safe.proposals, {
      token: admin,
      body: { action: { kind: "payout", ids: [b!.id] } },
    });
    expect(behind.status).toBe(409);
    expect(behind.body.error).toBe(
      "The reward pool cannot pay this after the payouts already queued in the Safe: it would fail on chain and hold up the queue. Deposit rewards, or execute or replace those payouts first",
    );
    expect((await propose({ kind: "payout", ids: [b!.id] }, half.nonce)).nonce, "in place of the first").toBe(
      half.nonce,
    );
  });

  it("gives proposals made at the same moment each a nonce of its own", async () => {
    const made = await Promise.all(["1", "2", "3"].map((amount) => propose({ kind: "deposit", amount })));
    expect(new Set(made.map((p) => p.nonce)).size).toBe(3);
  });
});
