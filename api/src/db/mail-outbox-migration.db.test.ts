import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asRole } from "../../../test/roles.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import type { Mail } from "../mail/mailer.ts";
import { mailOf, recordMails, sendPendingMails } from "../mail/outbox.ts";
import { createDb, type Db } from "./database.ts";
import * as mailOutbox from "./migrations/0025_mail-outbox.ts";
import { migrateDatabase } from "./roles.ts";

let t: TestApp;
/** The owner role, which migrates as a deploy does; the app sends the mails as the API's role. */
let owner: Db;

beforeAll(async () => {
  t = await createTestApp();
  owner = createDb(asRole(t.config.DATABASE_URL, "owner"), 1);
});
afterAll(async () => {
  await owner?.destroy();
  await t?.close();
});

describe("the migration to one mail outbox", () => {
  it("moves every alert and payout mail, sent or not, with its key: the unsent go once, the sent never again", async () => {
    const admin = await t.addAdmin();
    const operator = await newOperator(t);
    const operatorId = (
      await t.db
        .selectFrom("app.operator")
        .select("id")
        .where("wallet_address", "=", operator.wallet)
        .executeTakeFirstOrThrow()
    ).id;
    const [unsentTx, sentTx] = [`0x${"a1".repeat(32)}`, `0x${"b2".repeat(32)}`];
    await t.db
      .insertInto("app.incentive")
      .values({
        wallet: operator.wallet,
        node: `0x${"0b".repeat(20)}`,
        date: "2027-02-01",
        token: "1000",
        inactive_count: 0,
        staked_days: 30,
        accrued_days: 30,
        percentage: "2.5",
        paid_tx: unsentTx,
        paid_at: new Date(),
        paid_amount: "1000",
        paid_block: 1n,
      })
      .execute();
    await mailOutbox.down(owner);
    const ticket = {
      ticketNo: 7,
      subject: "Node keeps dropping",
      message: "Every night.",
      from: operator.email,
      nodeName: null,
    };
    await sql`
      INSERT INTO app.alert (kind, event_key, recipient_type, recipient_id, details, attempts, claimed_at, done_at, outcome) VALUES
        ('ticketOpened', ${"ticket-7:" + admin.id}, 'admin', ${admin.id}, ${JSON.stringify(ticket)}, 1, NULL, NULL, NULL),
        ('nodeStatus', 'history-1', 'user', ${operatorId}, ${JSON.stringify({ nodeName: "Alpha", from: "Pending", to: "Verified", notes: "" })}, 1, now(), now(), 'sent')
    `.execute(t.db);
    await sql`
      INSERT INTO app.incentive_payout_mail (tx_hash, wallet, attempts, sent_at) VALUES (${unsentTx}, ${operator.wallet}, 2, NULL), (${sentTx}, ${operator.wallet}, 1, now())
    `.execute(t.db);

    // Migrations run in one order: this one runs again by hand, then a deploy's run grants the API its new table.
    await mailOutbox.up(owner);
    expect(await migrateDatabase(owner)).toEqual([]);
    const moved = await t.db
      .selectFrom("app.mail_outbox")
      .select(["kind", "event_key", "recipient_type", "attempts", "outcome"])
      .orderBy("kind")
      .orderBy("event_key")
      .execute();
    expect(moved).toEqual([
      {
        kind: "incentivePaid",
        event_key: `${unsentTx}:${operator.wallet}`,
        recipient_type: "wallet",
        attempts: 2,
        outcome: null,
      },
      {
        kind: "incentivePaid",
        event_key: `${sentTx}:${operator.wallet}`,
        recipient_type: "wallet",
        attempts: 1,
        outcome: "sent",
      },
      { kind: "nodeStatus", event_key: "history-1", recipient_type: "user", attempts: 1, outcome: "sent" },
      { kind: "ticketOpened", event_key: `ticket-7:${admin.id}`, recipient_type: "admin", attempts: 1, outcome: null },
    ]);
    const payout = { txHash: sentTx, wallet: operator.wallet };
    expect(
      await recordMails(t.db, [
        mailOf("incentivePaid", `${sentTx}:${operator.wallet}`, { type: "wallet", id: operator.wallet }, payout),
      ]),
    ).toBe(0);

    const sent: Mail[] = [];
    const mailer = { send: async (mail: Mail) => void sent.push(mail) };
    expect(await sendPendingMails({ ...t.mailSender, mailer })).toMatchObject({ sent: 2, failed: 0 });
    expect(await sendPendingMails({ ...t.mailSender, mailer })).toMatchObject({ sent: 0, failed: 0 });
    expect(sent.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [admin.email, "New ticket #7: Node keeps dropping"],
        [operator.email, "PLI incentive paid: 0.000000000000001 PLI"],
      ].sort(),
    );
  });

  it("moves them back on the way down, keys and sent marks kept", async () => {
    const before = await t.db.selectFrom("app.mail_outbox").select(["kind", "event_key", "done_at"]).execute();
    await mailOutbox.down(owner);
    const alerts = await sql<{
      kind: string;
      event_key: string;
      sent: boolean;
    }>`SELECT kind, event_key, done_at IS NOT NULL AS sent FROM app.alert`.execute(t.db);
    const payouts = await sql<{
      key: string;
      sent: boolean;
    }>`SELECT tx_hash || ':' || wallet AS key, sent_at IS NOT NULL AS sent FROM app.incentive_payout_mail`.execute(
      t.db,
    );
    const moved = [
      ...alerts.rows.map((row) => [row.kind, row.event_key, row.sent]),
      ...payouts.rows.map((row) => ["incentivePaid", row.key, row.sent]),
    ];
    expect(moved.sort()).toEqual(before.map((row) => [row.kind, row.event_key, row.done_at !== null]).sort());
    await mailOutbox.up(owner);
  });
});
