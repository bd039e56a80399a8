import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { addressOf, newOperator } from "../../test/nodes.ts";
import { API } from "../public-contract/index.ts";
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
  expect(await matchPayments(t.db, new Date("2026-11-02T12:00:00Z"))).toMatchObject({ block: 12, matched: 1 });
  expect(await paid()).toEqual({ paid_tx: TX, paid_block: 10n, paid_at: new Date("2026-11-02T10:00:00Z") });

  await sql`UPDATE ${sql.id(SCHEMA, "reward_payment")} SET block_number = 13, block_time = '2026-11-02T10:00:45Z' WHERE tx_hash = ${TX}`.execute(
    t.indexerDb,
  );
  await indexedThrough(14);
  expect(await matchPayments(t.db, new Date("2026-11-02T12:00:00Z"))).toMatchObject({ block: 14, matched: 1 });
  expect(await paid()).toEqual({ paid_tx: TX, paid_block: 13n, paid_at: new Date("2026-11-02T10:00:45Z") });
  expect(
    await t.db.selectFrom("app.mail_outbox").select("event_key").where("kind", "=", "incentivePaid").execute(),
  ).toHaveLength(1);
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
  await matchPayments(t.db, new Date("2026-11-04T12:00:00Z"));
  expect(await paidTx()).toBe(tx);

  await sql`DELETE FROM ${sql.id(SCHEMA, "reward_payment")} WHERE tx_hash = ${tx}`.execute(t.indexerDb);
  await indexedThrough(32, 1_764_000_002);
  await matchPayments(t.db, new Date("2026-11-04T12:00:00Z"));
  expect(await paidTx()).toBeNull();
});
