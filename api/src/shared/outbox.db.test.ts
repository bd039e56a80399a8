import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver.ts";
import type { Mail } from "../mail/mailer.ts";
import { MAX_ATTEMPTS, mailOf, recordMails, sendPendingMails } from "../mail/outbox.ts";
import { API } from "../public-contract/index.ts";
import { deliverPendingWebhooks } from "../webhook/delivery.ts";
import { testMessage } from "../webhook/events.ts";
import { recordWebhookMessage } from "../webhook/repository.ts";
import { WEBHOOK_LIMITS } from "../webhook/rules.ts";
import { STALE_CLAIM_SECONDS } from "./outbox.ts";

let t: TestAppWithSmtp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestAppWithSmtp();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

const empty = { count: 0, items: [] };
/** An admin's digest mail for `day`, recorded as a route's transaction would. */
async function recordDigest(day: string) {
  const admin = await t.addAdmin();
  const mail = mailOf(
    "adminDigest",
    `${admin.id}:${day}`,
    { type: "admin", id: admin.id },
    { day, nodes: { count: 1, items: [`node of ${day}`] }, jobs: empty, requests: empty, tickets: empty },
  );
  await recordMails(t.db, [mail]);
  return { admin, eventKey: mail.eventKey };
}

/** Moves a claim back in time, as if its run had stopped `seconds` ago. */
const claimedAgo = (table: "app.mail_outbox" | "app.webhook_delivery", seconds: number, attempts?: number) =>
  t.db
    .updateTable(table)
    .set({ claimed_at: new Date(Date.now() - seconds * 1000), ...(attempts === undefined ? {} : { attempts }) })
    .where("done_at", "is", null)
    .where("claimed_at", "is not", null);

const headerOf = (raw: string, name: string) => new RegExp(`^${name}: *(.+)$`, "im").exec(raw)?.[1]?.trim();

describe("the outbox engine", () => {
  it("sends a mail whose run stopped mid-send again after the stale window, with the same Message-ID", async () => {
    const { admin, eventKey } = await recordDigest("interrupted");
    const hangsAfterSending = {
      async send(mail: Mail) {
        await t.mailSender.mailer.send(mail);
        await new Promise(() => undefined);
      },
    };
    void sendPendingMails({ ...t.mailSender, mailer: hangsAfterSending });
    await t.smtp.textContaining(admin.email, "node of interrupted");

    await claimedAgo("app.mail_outbox", STALE_CLAIM_SECONDS / 2)
      .where("event_key", "=", eventKey)
      .execute();
    expect(await sendPendingMails(t.mailSender)).toMatchObject({ sent: 0, failed: 0 });
    await claimedAgo("app.mail_outbox", STALE_CLAIM_SECONDS + 60)
      .where("event_key", "=", eventKey)
      .execute();
    expect(await sendPendingMails(t.mailSender)).toMatchObject({ sent: 1, failed: 0 });

    const copies = t.smtp.textsTo(admin.email);
    expect(copies).toHaveLength(2);
    const messageIds = copies.map((raw) => headerOf(raw, "Message-ID"));
    const keys = copies.map((raw) => headerOf(raw, "X-Idempotency-Key"));
    expect(messageIds[0]).toMatch(/^<[0-9a-f]{40}@portal\.test>$/);
    expect(messageIds[1]).toBe(messageIds[0]);
    expect(keys[0]).toMatch(/^[0-9a-f]{40}$/);
    expect(keys[1]).toBe(keys[0]);
    const row = await t.db
      .selectFrom("app.mail_outbox")
      .select(["outcome", "attempts"])
      .where("event_key", "=", eventKey)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: "sent", attempts: 2 });
  });

  it("sends a stale claim once however many senders find it at once", async () => {
    const { admin, eventKey } = await recordDigest("stale-race");
    await t.db
      .updateTable("app.mail_outbox")
      .set({ claimed_at: new Date(Date.now() - (STALE_CLAIM_SECONDS + 60) * 1000), attempts: 1 })
      .where("event_key", "=", eventKey)
      .execute();
    const sent: Mail[] = [];
    const slow = {
      async send(mail: Mail) {
        await sleep(20);
        sent.push(mail);
      },
    };
    const runs = await Promise.all([1, 2, 3, 4].map(() => sendPendingMails({ ...t.mailSender, mailer: slow })));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    expect(sent.filter((mail) => mail.to === admin.email)).toHaveLength(1);
  });

  it(`ends a mail failed, unsent, when its run stopped during its last (${MAX_ATTEMPTS}th) attempt`, async () => {
    const { admin, eventKey } = await recordDigest("last-attempt");
    await t.db
      .updateTable("app.mail_outbox")
      .set({ claimed_at: new Date(Date.now() - (STALE_CLAIM_SECONDS + 60) * 1000), attempts: MAX_ATTEMPTS })
      .where("event_key", "=", eventKey)
      .execute();
    await sendPendingMails(t.mailSender);
    const row = await t.db
      .selectFrom("app.mail_outbox")
      .select(["outcome", "attempts", "last_error"])
      .where("event_key", "=", eventKey)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      outcome: "failed",
      attempts: MAX_ATTEMPTS,
      last_error: "interrupted during its last attempt",
    });
    expect(t.smtp.count(admin.email)).toBe(0);
  });

  it("delivers a webhook event whose run stopped mid-attempt after the stale window, and ends it at the limit", async () => {
    const owner = await newOperator(t);
    const added = await t.call("POST", API.webhook.root, {
      token: owner.token,
      body: { kind: "json", url: `${receiver.url}/stale` },
    });
    expect(added.status).toBe(201);
    const hook = added.body.data._id as string;
    const operatorId = (
      await t.db
        .selectFrom("app.operator")
        .select("id")
        .where("wallet_address", "=", owner.wallet)
        .executeTakeFirstOrThrow()
    ).id;
    await recordWebhookMessage(t.db, operatorId, testMessage("stale-1", new Date()), hook);
    await t.db
      .updateTable("app.webhook_delivery")
      .set({ claimed_at: new Date(), attempts: 1 })
      .where("webhook_id", "=", hook)
      .execute();

    await claimedAgo("app.webhook_delivery", STALE_CLAIM_SECONDS / 2)
      .where("webhook_id", "=", hook)
      .execute();
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 0, failed: 0 });
    await claimedAgo("app.webhook_delivery", STALE_CLAIM_SECONDS + 60)
      .where("webhook_id", "=", hook)
      .execute();
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received.filter((request) => request.path === "/stale")).toHaveLength(1);

    await recordWebhookMessage(t.db, operatorId, testMessage("stale-2", new Date()), hook);
    await t.db
      .updateTable("app.webhook_delivery")
      .set({
        claimed_at: new Date(Date.now() - (STALE_CLAIM_SECONDS + 60) * 1000),
        attempts: WEBHOOK_LIMITS.attempts,
      })
      .where("webhook_id", "=", hook)
      .where("done_at", "is", null)
      .execute();
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received.filter((request) => request.path === "/stale")).toHaveLength(1);
    const outcomes = await t.db
      .selectFrom("app.webhook_delivery")
      .select(["event_key", "outcome"])
      .where("webhook_id", "=", hook)
      .orderBy("created_at")
      .execute();
    expect(outcomes.map((row) => row.outcome)).toEqual(["delivered", "failed"]);
  });
});
