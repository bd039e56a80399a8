import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { addressOf, newOperator } from "../../test/nodes.ts";
import { HANDLER } from "../handlers.ts";
import { sendPendingMails } from "../mail/index.ts";
import { API } from "../public-contract/index.ts";
import { deliverPendingWebhooks } from "../webhook/index.ts";

/**
 * The incentive.paid alert on a webhook, from payments written to the indexer's tables behind the `chain.*` views and
 * matched and told by the payment-matching handler, with PRICE_FEED_ADDRESS set: the USD value at the payment's block when the indexer kept a
 * price there, none while it has not (its backfill still running) or when the kept price is another feed's.
 */
const FEED = "0xFEED00000000000000000000000000000000Fe01";
const OTHER_FEED = "0xfeed00000000000000000000000000000000fe02";
const PLI = 10n ** 18n;
let t: TestAppWithSmtp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestAppWithSmtp({ env: { PRICE_FEED_ADDRESS: FEED } });
  await t.indexerDb.transaction().execute((tx) => sql.raw(chainTablesSql("paid_usd_indexer")).execute(tx));
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

const checkpointAt = (block: number) => `${"0".repeat(26)}${String(block).padStart(16, "0")}${"0".repeat(33)}`;

/** An operator with a signed webhook and an incentive row of `pli` PLI that a payment at `block` pays. */
async function paidIncentive(n: number, pli: bigint, block: number) {
  const owner = await newOperator(t);
  const hook = await t.call("POST", API.webhook.root, {
    token: owner.token,
    body: { kind: "json", url: `${receiver.url}/paid/${n}` },
  });
  expect(hook.status).toBe(201);
  const node = addressOf(n, "0b");
  const date = new Date();
  date.setUTCDate(1);
  const day = date.toISOString().slice(0, 10);
  await t.db
    .insertInto("app.incentive")
    .values({
      wallet: owner.wallet,
      node,
      date: day,
      token: pli * PLI,
      inactive_count: 0,
      staked_days: 30,
      accrued_days: 30,
      percentage: "10",
    })
    .execute();
  await sql`INSERT INTO paid_usd_indexer.reward_payment (wallet, node, date_key, amount, tx_hash, block_number, block_time, log_index)
    VALUES (${owner.wallet}, ${node}, ${Number(day.replaceAll("-", ""))}, ${String(pli * PLI)}, ${`0x${"3".repeat(62)}${n.toString().padStart(2, "0")}`}, ${block}, now(), 0)`.execute(
    t.db,
  );
  return n;
}

const keepPrice = (block: number, feed: string, answer: bigint) =>
  sql`INSERT INTO paid_usd_indexer.feed_price (block_number, feed, round_id, answer, decimals, updated_at)
    VALUES (${block}, ${feed.toLowerCase()}, 7, ${answer}, 8, now())`.execute(t.db);

it("tells incentive.paid with its USD value at the payment block, and without USD where no price of the feed is kept", async () => {
  await paidIncentive(1, 1000n, 10);
  await keepPrice(10, FEED, 4_125_000n);
  await paidIncentive(2, 500n, 11);
  await paidIncentive(3, 200n, 12);
  await keepPrice(12, OTHER_FEED, 9_000_000n);
  await sql`CREATE TABLE paid_usd_indexer._ponder_checkpoint (chain_name text, chain_id int8, safe_checkpoint varchar, latest_checkpoint varchar, finalized_checkpoint varchar)`.execute(
    t.indexerDb,
  );
  await sql`INSERT INTO paid_usd_indexer._ponder_checkpoint VALUES ('anvil', 31337, ${checkpointAt(12)}, ${checkpointAt(12)}, ${checkpointAt(12)})`.execute(
    t.db,
  );
  await sql`CREATE OR REPLACE VIEW chain._ponder_checkpoint AS SELECT * FROM paid_usd_indexer._ponder_checkpoint`.execute(
    t.indexerDb,
  );

  await t.handlers.run(HANDLER.paymentMatching);
  await sendPendingMails(t.mailSender);
  expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 3, failed: 0 });
  const body = (n: number) => JSON.parse(receiver.received.find((request) => request.path === `/paid/${n}`)!.body);

  const priced = body(1);
  expect(priced.type).toBe("incentive.paid");
  expect(priced.data).toMatchObject({
    amount: String(1000n * PLI),
    amountPli: "1000",
    usd: "41.25",
    usdPerPli: "0.04125",
  });
  for (const unpriced of [body(2), body(3)]) {
    expect(unpriced.type).toBe("incentive.paid");
    expect(unpriced.data).not.toHaveProperty("usd");
  }
  expect(body(3).data.amountPli).toBe("200");
});
