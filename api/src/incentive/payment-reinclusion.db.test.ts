import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { addressOf, newOperator } from "../../test/nodes.ts";
import { API } from "../public-contract/index.ts";
import { scanPayouts } from "../alert/index.ts";
import { matchPayments } from "./payments.ts";

/**
 * A reorg that takes a payout's block and includes the same transaction in a later block: the payment keeps its hash,
 * and the incentive's paid block and date follow it to the block that now holds it (payments written to the indexer's
 * tables behind the `chain.*` views, as the chain would leave them).
 */
const SCHEMA = "reincluded_indexer";
const TX = `0x${"4".repeat(64)}`;
let t: TestAppWithSmtp;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  await t.indexerDb.transaction().execute((tx) => sql.raw(chainTablesSql(SCHEMA)).execute(tx));
  await sql`CREATE TABLE ${sql.id(SCHEMA, "_ponder_checkpoint")} (chain_name text, chain_id int8, safe_checkpoint varchar, latest_checkpoint varchar, finalized_checkpoint varchar)`.execute(
    t.indexerDb,
  );
  await sql`CREATE OR REPLACE VIEW chain._ponder_checkpoint AS SELECT * FROM ${sql.id(SCHEMA, "_ponder_checkpoint")}`.execute(
    t.indexerDb,
  );
});
afterAll(() => t?.close());

/** A Ponder checkpoint at `block`; `timestamp` tells apart two blocks of one height (a reorg's). */
const checkpointAt = (block: number, timestamp = 0) =>
  `${String(timestamp).padStart(10, "0")}${"0".repeat(16)}${String(block).padStart(16, "0")}${"0".repeat(33)}`;
async function indexedThrough(block: number, timestamp = 0) {
  const checkpoint = checkpointAt(block, timestamp);
  await sql`DELETE FROM ${sql.id(SCHEMA, "_ponder_checkpoint")}`.execute(t.indexerDb);
  await sql`INSERT INTO ${sql.id(SCHEMA, "_ponder_checkpoint")} VALUES ('anvil', 31337, ${checkpoint}, ${checkpoint}, ${checkpoint})`.execute(
    t.indexerDb,
  );
}

/** UnPaid monthly rows of 1,000 PLI for `wallet` on `node`, one per date, as the accrual writes them; their ids. */
const unpaidRows = async (wallet: string, node: string, dates: string[]) =>
  (
    await t.db
      .insertInto("app.incentive")
      .values(
        dates.map((date) => ({
          wallet,
          node,
          date,
          token: 10n ** 21n,
          inactive_count: 0,
          staked_days: 30,
          accrued_days: 30,
          percentage: "10",
        })),
      )
      .returning("id")
      .execute()
  ).map((row) => row.id);

it("moves an incentive's paid block and date with its payout transaction when a reorg includes it in another block", async () => {
  const owner = await newOperator(t);
  const node = addressOf(1, "0b");
  const [id] = await unpaidRows(owner.wallet, node, ["2026-11-01"]);
  const paid = () =>
    t.db
      .selectFrom("app.incentive")
      .select(["paid_tx", "paid_block", "paid_at"])
      .where("id", "=", id!)
      .executeTakeFirstOrThrow();

  await sql`INSERT INTO ${sql.id(SCHEMA, "reward_payment")} (wallet, node, date_key, amount, tx_hash, block_number, block_time, log_index)
    VALUES (${owner.wallet}, ${node}, 20261101, ${String(10n ** 21n)}, ${TX}, 10, '2026-11-02T10:00:00Z', 0)`.execute(
    t.indexerDb,
  );
  await indexedThrough(12);
  expect(await matchPayments(t.db)).toMatchObject({ block: 12, matched: 1 });
  expect(await paid()).toEqual({ paid_tx: TX, paid_block: 10n, paid_at: new Date("2026-11-02T10:00:00Z") });

  await sql`UPDATE ${sql.id(SCHEMA, "reward_payment")} SET block_number = 13, block_time = '2026-11-02T10:00:45Z' WHERE tx_hash = ${TX}`.execute(
    t.indexerDb,
  );
  await indexedThrough(14);
  expect(await matchPayments(t.db)).toMatchObject({ block: 14, matched: 1 });
  expect(await paid()).toEqual({ paid_tx: TX, paid_block: 13n, paid_at: new Date("2026-11-02T10:00:45Z") });
});

it("tells a payout once three blocks are on its block, and once only when a reorg moves it to another block", async () => {
  const owner = await newOperator(t);
  const node = addressOf(4, "0b");
  const tx = `0x${"7".repeat(64)}`;
  await unpaidRows(owner.wallet, node, ["2026-08-01"]);
  const told = async () => ({
    mails: (
      await t.db
        .selectFrom("app.mail_outbox")
        .select("event_key")
        .where("event_key", "=", `${tx}:${owner.wallet}`)
        .execute()
    ).length,
    webhooks: (
      await t.db
        .selectFrom("app.webhook_delivery")
        .select("id")
        .where("event_key", "=", `incentive.paid:${tx}:${owner.wallet}`)
        .execute()
    ).length,
  });
  const hook = await t.call("POST", API.webhook.root, {
    token: owner.token,
    body: { kind: "json", url: "http://127.0.0.1:9/paid" },
  });
  expect(hook.status).toBe(201);
  const matchAndScan = async (indexed: number, timestamp: number) => {
    await indexedThrough(indexed, timestamp);
    await matchPayments(t.db);
    return scanPayouts(t.db, { confirmations: 3, priceFeed: undefined });
  };
  await sql`INSERT INTO ${sql.id(SCHEMA, "reward_payment")} (wallet, node, date_key, amount, tx_hash, block_number, block_time, log_index)
    VALUES (${owner.wallet}, ${node}, 20260801, ${String(10n ** 21n)}, ${tx}, 40, now(), 0)`.execute(t.indexerDb);

  expect(await matchAndScan(41, 1_764_100_000)).toBe(0);
  expect(await matchAndScan(42, 1_764_100_002)).toBe(0);
  expect(
    await t.db.selectFrom("app.incentive").select("paid_tx").where("wallet", "=", owner.wallet).executeTakeFirst(),
  ).toEqual({ paid_tx: tx });
  expect(await told()).toEqual({ mails: 0, webhooks: 0 });

  await sql`UPDATE ${sql.id(SCHEMA, "reward_payment")} SET block_number = 42 WHERE tx_hash = ${tx}`.execute(
    t.indexerDb,
  );
  expect(await matchAndScan(44, 1_764_100_010)).toBe(0);
  expect(await told()).toEqual({ mails: 0, webhooks: 0 });
  expect(await matchAndScan(45, 1_764_100_012)).toBe(1);
  expect(await told()).toEqual({ mails: 1, webhooks: 1 });
  await sql`UPDATE ${sql.id(SCHEMA, "reward_payment")} SET block_number = 47 WHERE tx_hash = ${tx}`.execute(
    t.indexerDb,
  );
  expect(await matchAndScan(60, 1_764_100_050)).toBe(0);
  expect(
    await t.db.selectFrom("app.incentive").select("paid_block").where("wallet", "=", owner.wallet).executeTakeFirst(),
  ).toEqual({ paid_block: 47n });
  expect(await told()).toEqual({ mails: 1, webhooks: 1 });
});

it("tells no payout past the matcher: a range indexed but not matched yet is told once the matcher has put it on its row", async () => {
  const owner = await newOperator(t);
  const node = addressOf(5, "0b");
  const tx = `0x${"8".repeat(64)}`;
  await unpaidRows(owner.wallet, node, ["2026-07-01"]);
  const mails = async () =>
    (
      await t.db
        .selectFrom("app.mail_outbox")
        .select("event_key")
        .where("event_key", "=", `${tx}:${owner.wallet}`)
        .execute()
    ).length;
  await sql`INSERT INTO ${sql.id(SCHEMA, "reward_payment")} (wallet, node, date_key, amount, tx_hash, block_number, block_time, log_index)
    VALUES (${owner.wallet}, ${node}, 20260701, ${String(10n ** 21n)}, ${tx}, 70, now(), 0)`.execute(t.indexerDb);

  await indexedThrough(120, 1_764_100_100);
  expect(await scanPayouts(t.db, { confirmations: 3, priceFeed: undefined })).toBe(0);
  expect(await mails()).toBe(0);
  await matchPayments(t.db);
  expect(await scanPayouts(t.db, { confirmations: 3, priceFeed: undefined })).toBe(1);
  expect(await mails()).toBe(1);
});

it("keeps an UnPaid row whose payment the indexer has but the matcher has not matched yet", async () => {
  const owner = await newOperator(t);
  const admin = await t.adminToken(await t.addAdmin());
  const node = addressOf(2, "0b");
  const rows = await unpaidRows(owner.wallet, node, ["2026-10-01", "2026-11-01"]);
  await sql`INSERT INTO ${sql.id(SCHEMA, "reward_payment")} (wallet, node, date_key, amount, tx_hash, block_number, block_time, log_index)
    VALUES (${owner.wallet}, ${node}, 20261101, ${String(10n ** 21n)}, ${`0x${"5".repeat(64)}`}, 20, '2026-11-03T10:00:00Z', 0)`.execute(
    t.indexerDb,
  );
  const remove = (id: string) => t.call("POST", API.incentive.delete, { token: admin, body: { id } });

  expect(await remove(rows[1]!)).toMatchObject({
    status: 409,
    body: { error: "A paid incentive is a fact of the chain: it is never deleted" },
  });
  expect(await t.db.selectFrom("app.incentive").select("id").where("id", "=", rows[1]!).execute()).toHaveLength(1);
  expect((await remove(rows[0]!)).status).toBe(200);
});

it("takes a payment back from its row when a reorg removes it and leaves the indexed block at the same height", async () => {
  const owner = await newOperator(t);
  const node = addressOf(3, "0b");
  const [id] = await unpaidRows(owner.wallet, node, ["2026-09-01"]);
  const paidTx = async () =>
    (await t.db.selectFrom("app.incentive").select("paid_tx").where("id", "=", id!).executeTakeFirstOrThrow()).paid_tx;
  const tx = `0x${"6".repeat(64)}`;
  await sql`INSERT INTO ${sql.id(SCHEMA, "reward_payment")} (wallet, node, date_key, amount, tx_hash, block_number, block_time, log_index)
    VALUES (${owner.wallet}, ${node}, 20260901, ${String(10n ** 21n)}, ${tx}, 30, '2026-11-04T10:00:00Z', 0)`.execute(
    t.indexerDb,
  );
  await indexedThrough(32, 1_764_000_000);
  await matchPayments(t.db);
  expect(await paidTx()).toBe(tx);

  await sql`DELETE FROM ${sql.id(SCHEMA, "reward_payment")} WHERE tx_hash = ${tx}`.execute(t.indexerDb);
  await indexedThrough(32, 1_764_000_002);
  await matchPayments(t.db);
  expect(await paidTx()).toBeNull();
});
