import type { LookupAddress } from "node:dns";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { nodeWithStatus } from "../../test/jobs.ts";
import { newOperator, operatorIdOf } from "../../test/nodes.ts";
import {
  startMisbehavingReceiver,
  startWebhookReceiver,
  type Misbehaviour,
  type MisbehavingReceiver,
  type WebhookReceiver,
} from "../../../test/webhook-receiver.ts";
import { API, MESSAGES, NODE_STATUS } from "../public-contract/index.ts";
import { testMessage } from "./events.ts";
import { deliverPendingWebhooks, webhookPruneJob, webhookQueueOf, type WebhookSenderDeps } from "./delivery.ts";
import { recordWebhookMessage } from "./repository.ts";
import { WEBHOOK_LIMITS, WEBHOOK_OUTCOME } from "./rules.ts";

let t: TestAppWithSmtp;
let healthy: WebhookReceiver;
const misbehaving: MisbehavingReceiver[] = [];

/** Names the tests resolve: one whose DNS stops answering once `dnsSilent` is set. */
let dnsSilent = false;
const resolveHost = (host: string): Promise<LookupAddress[]> =>
  host !== "silent-dns.example.com"
    ? Promise.resolve([])
    : dnsSilent
      ? new Promise(() => undefined)
      : Promise.resolve([{ address: "127.0.0.1", family: 4 }]);

beforeAll(async () => {
  healthy = await startWebhookReceiver();
  t = await createTestAppWithSmtp({ resolveHost });
});
/** Each test starts with no delivery waiting: what one left (a retry, a test it did not deliver) is not another's. */
afterEach(async () => {
  dnsSilent = false;
  await Promise.all(misbehaving.splice(0).map((receiver) => receiver.stop()));
  await t.db
    .updateTable("app.webhook_delivery")
    .set({ done_at: new Date(), outcome: WEBHOOK_OUTCOME.failed })
    .where("done_at", "is", null)
    .execute();
});
afterAll(async () => {
  await t?.close();
  await healthy?.stop();
});

const receiverThat = async (behaviour: Misbehaviour) => {
  const receiver = await startMisbehavingReceiver(behaviour);
  misbehaving.push(receiver);
  return receiver;
};
const addHook = async (token: string, url: string, kind = "json") => {
  const added = await t.call("POST", API.webhook.root, { token, body: { kind, url } });
  expect(added.status).toBe(201);
  return added.body.data._id as string;
};
const sendTest = (token: string, id: string) => t.call("POST", API.webhook.test, { token, body: { _id: id } });
const attemptLog = async (token: string, id: string) =>
  (await t.call("GET", `${API.webhook.deliveries}?webhookId=${id}`, { token })).body.data;
const withDeadline = (attemptDeadlineMs: number): WebhookSenderDeps => ({ ...t.webhookSender, attemptDeadlineMs });
const elapsedSince = (started: number) => performance.now() - started;

describe("each attempt's whole deadline and the answer it reads", () => {
  it("ends an attempt at its deadline however the receiver trickles, or when the host's DNS never answers", async () => {
    const trickle = await receiverThat("trickle");
    const owner = await newOperator(t);
    const hook = await addHook(owner.token, `${trickle.url}/trickle`);
    const silent = await addHook(owner.token, "http://silent-dns.example.com/hook", "slack");
    dnsSilent = true;
    expect((await sendTest(owner.token, hook)).status).toBe(200);
    expect((await sendTest(owner.token, silent)).status).toBe(200);

    const started = performance.now();
    expect(await deliverPendingWebhooks(withDeadline(2_500))).toEqual({ delivered: 0, failed: 2 });
    expect(elapsedSince(started)).toBeGreaterThanOrEqual(2_400);
    expect(elapsedSince(started)).toBeLessThan(4_500);
    expect(trickle.state.closed).toBe(1);
    for (const id of [hook, silent])
      expect((await attemptLog(owner.token, id))[0]).toMatchObject({
        httpStatus: null,
        error: "no complete answer within 2500 ms",
      });
  });

  it(`reads at most ${WEBHOOK_LIMITS.answerBytes / 1024} KB of an answer: an endless body, or 64 KB then silence, ends the attempt at once, by its status`, async () => {
    const flood = await receiverThat("flood");
    const owner = await newOperator(t);
    const hook = await addHook(owner.token, `${flood.url}/flood`);
    await sendTest(owner.token, hook);
    const started = performance.now();
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 1, failed: 0 });
    expect(elapsedSince(started)).toBeLessThan(WEBHOOK_LIMITS.attemptDeadlineMs / 4);
    expect(flood.state.closed).toBe(1);
    expect((await attemptLog(owner.token, hook))[0]).toMatchObject({ httpStatus: 200, error: null });

    const capped = await receiverThat("64KiBThenSilence");
    const cappedHook = await addHook(owner.token, `${capped.url}/capped`);
    await sendTest(owner.token, cappedHook);
    const cappedStarted = performance.now();
    expect(await deliverPendingWebhooks(withDeadline(3_000))).toEqual({ delivered: 1, failed: 0 });
    expect(elapsedSince(cappedStarted)).toBeLessThan(1_500);
  });
});

describe("deliveries to different webhooks do not wait on each other", () => {
  it("delivers another operator's test and event promptly while one receiver stalls, which gets one attempt at a time", async () => {
    const deadlineMs = 6_000;
    const queue = webhookQueueOf(withDeadline(deadlineMs));
    const trickle = await receiverThat("trickle");
    const stalled = await newOperator(t);
    const stalledHook = await addHook(stalled.token, `${trickle.url}/stalled`);
    for (let press = 0; press < 3; press++) {
      expect((await sendTest(stalled.token, stalledHook)).status).toBe(200);
      queue.wake();
    }
    await expect.poll(() => trickle.received.length).toBe(1);

    const other = await newOperator(t);
    const otherHook = await addHook(other.token, `${healthy.url}/other-operator`);
    let started = performance.now();
    expect((await sendTest(other.token, otherHook)).status).toBe(200);
    queue.wake();
    await healthy.requestTo("/other-operator", deadlineMs);
    const testArrivedMs = elapsedSince(started);

    const admin = await t.adminToken(await t.addAdmin());
    const node = await nodeWithStatus(t, other.token, NODE_STATUS.pending);
    started = performance.now();
    const review = await t.call("POST", API.node.edit, {
      token: admin,
      body: { _id: node, status: NODE_STATUS.return, adminNotes: "Open port 6688" },
    });
    expect(review.status).toBe(200);
    queue.wake();
    await expect
      .poll(() => healthy.received.filter((request) => request.path === "/other-operator").length, {
        timeout: deadlineMs,
      })
      .toBe(2);
    const eventArrivedMs = elapsedSince(started);
    expect(JSON.parse(healthy.received.filter((r) => r.path === "/other-operator")[1]!.body).type).toBe("node.status");

    expect(testArrivedMs).toBeLessThan(deadlineMs / 3);
    expect(eventArrivedMs).toBeLessThan(deadlineMs / 3);
    expect(trickle.received).toHaveLength(1);
    expect(trickle.state.mostOpen).toBe(1);
    await trickle.stop();
    await queue.idle();
  });

  it("sends one webhook's deliveries one at a time, in the order recorded, beside another webhook's", async () => {
    const slow = await receiverThat("slow");
    const owner = await newOperator(t);
    const first = await addHook(owner.token, `${slow.url}/first`);
    const second = await addHook(owner.token, `${slow.url}/second`);
    const operatorId = await operatorIdOf(t.db, owner.wallet);
    const events = ["order-1", "order-2", "order-3", "order-4"];
    for (const event of events) await recordWebhookMessage(t.db, operatorId, testMessage(event, new Date()), first);
    await recordWebhookMessage(t.db, operatorId, testMessage("beside", new Date()), second);

    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 5, failed: 0 });
    const ids = slow.received.map((request) => JSON.parse(request.body).id as string);
    expect(ids.filter((id) => id.startsWith("order-"))).toEqual(events);
    expect(slow.state.mostOpen).toBe(2);
    const arrivals = slow.received.filter((request) => JSON.parse(request.body).id.startsWith("order-"));
    for (let n = 1; n < arrivals.length; n++) expect(arrivals[n]!.at - arrivals[n - 1]!.at).toBeGreaterThanOrEqual(190);
  });

  it("keeps one attempt in flight per webhook however many senders run at once, each event posted once", async () => {
    const slow = await receiverThat("slow");
    const owner = await newOperator(t);
    const hook = await addHook(owner.token, `${slow.url}/overlapping`);
    const operatorId = await operatorIdOf(t.db, owner.wallet);
    const events = ["overlap-1", "overlap-2", "overlap-3"];
    for (const event of events) await recordWebhookMessage(t.db, operatorId, testMessage(event, new Date()), hook);

    const queue = webhookQueueOf(t.webhookSender);
    queue.wake();
    await Promise.all([deliverPendingWebhooks(t.webhookSender), deliverPendingWebhooks(t.webhookSender), queue.idle()]);
    await queue.idle();
    expect(slow.received.map((request) => JSON.parse(request.body).id)).toEqual(events);
    expect(slow.state.mostOpen).toBe(1);
  });

  it("counts a message the receiver took as delivered even when its attempt cannot be logged, and posts it once", async () => {
    const owner = await newOperator(t);
    const hook = await addHook(owner.token, `${healthy.url}/unlogged`);
    await recordWebhookMessage(t.db, await operatorIdOf(t.db, owner.wallet), testMessage("unlogged", new Date()), hook);
    await sql`CREATE OR REPLACE FUNCTION app.refuse_attempt_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'log refused'; END $$`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER refuse_attempt_log BEFORE INSERT ON app.webhook_attempt FOR EACH ROW EXECUTE FUNCTION app.refuse_attempt_log()`.execute(
      t.db,
    );
    try {
      const posted = () => healthy.received.filter((request) => request.path === "/unlogged").length;
      expect(await deliverPendingWebhooks(t.webhookSender)).toMatchObject({ delivered: 1, failed: 0 });
      await deliverPendingWebhooks(t.webhookSender, new Date(Date.now() + 86_400_000));
      expect(posted()).toBe(1);
    } finally {
      await sql`DROP TRIGGER refuse_attempt_log ON app.webhook_attempt`.execute(t.db);
      await sql`DROP FUNCTION app.refuse_attempt_log()`.execute(t.db);
    }
  });
});

describe("test sends", () => {
  it(`are limited to ${WEBHOOK_LIMITS.testsPerMinute} a minute per operator, counted however many arrive at once`, async () => {
    const owner = await newOperator(t);
    const one = await addHook(owner.token, `${healthy.url}/limited-one`);
    const two = await addHook(owner.token, `${healthy.url}/limited-two`);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => sendTest(owner.token, n % 2 === 0 ? one : two)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(WEBHOOK_LIMITS.testsPerMinute);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(8 - WEBHOOK_LIMITS.testsPerMinute);
    for (const answer of refused) {
      expect(answer.body.error).toBe(MESSAGES.webhookTestsTooMany);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(answer.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    }
    const waiting = await t.db
      .selectFrom("app.webhook_delivery")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("webhook_id", "in", [one, two])
      .executeTakeFirstOrThrow();
    expect(Number(waiting.count)).toBe(WEBHOOK_LIMITS.testsPerMinute);

    const other = await newOperator(t);
    expect((await sendTest(other.token, await addHook(other.token, `${healthy.url}/limited-other`))).status).toBe(200);
  });
});

describe("finished deliveries", () => {
  it(`are pruned after ${WEBHOOK_LIMITS.finishedKeptDays} days by a daily job; recent and waiting ones stay, and still keep an event from going twice`, async () => {
    const owner = await newOperator(t);
    const hook = await addHook(owner.token, `${healthy.url}/pruned`);
    const operatorId = await operatorIdOf(t.db, owner.wallet);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const row = (event: string, created: number, done: number | null) => ({
      webhook_id: hook,
      event_key: event,
      message: JSON.stringify(testMessage(event, daysAgo(created))),
      created_at: daysAgo(created),
      next_attempt_at: daysAgo(created),
      done_at: done === null ? null : daysAgo(done),
      outcome: done === null ? null : WEBHOOK_OUTCOME.delivered,
    });
    await t.db
      .insertInto("app.webhook_delivery")
      .values([row("old-done", 31, 31), row("recent-done", 29, 29), row("old-waiting", 40, null)])
      .execute();

    const job = webhookPruneJob(t.webhookSender);
    expect(job.cron).toBe("40 3 * * *");
    await job.run();
    const left = await t.db
      .selectFrom("app.webhook_delivery")
      .select("event_key")
      .where("webhook_id", "=", hook)
      .orderBy("event_key")
      .execute();
    expect(left.map((kept) => kept.event_key)).toEqual(["old-waiting", "recent-done"]);
    expect(t.logs.lines().some((line) => line.msg === "webhooks: finished deliveries pruned")).toBe(true);

    expect(await recordWebhookMessage(t.db, operatorId, testMessage("recent-done", new Date()), hook)).toBe(0);
    const recent = await t.db
      .selectFrom("app.webhook_delivery")
      .select("outcome")
      .where("webhook_id", "=", hook)
      .where("event_key", "=", "recent-done")
      .execute();
    expect(recent).toEqual([{ outcome: WEBHOOK_OUTCOME.delivered }]);
  });
});

describe("a disabled or removed operator's webhooks", () => {
  it("receive nothing, not even what was waiting; enabled again, the operator's webhooks receive again", async () => {
    const admin = await t.adminToken(await t.addAdmin());
    const owner = await newOperator(t);
    const hook = await addHook(owner.token, `${healthy.url}/disabled-operator`, "discord");
    const operatorId = await operatorIdOf(t.db, owner.wallet);
    expect((await sendTest(owner.token, hook)).status).toBe(200);
    const access = (enabled: boolean) =>
      t.call("POST", API.operator.access, { token: admin, body: { _id: operatorId, enabled } });
    expect((await access(false)).status).toBe(200);
    await recordWebhookMessage(t.db, operatorId, testMessage("while-disabled", new Date()), hook);
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 0, failed: 0 });
    const outcomes = await t.db
      .selectFrom("app.webhook_delivery")
      .select("outcome")
      .where("webhook_id", "=", hook)
      .execute();
    expect(outcomes.map((delivery) => delivery.outcome)).toEqual([
      WEBHOOK_OUTCOME.operatorInactive,
      WEBHOOK_OUTCOME.operatorInactive,
    ]);

    expect((await access(true)).status).toBe(200);
    await recordWebhookMessage(t.db, operatorId, testMessage("enabled-again", new Date()), hook);
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 1, failed: 0 });
    expect(healthy.received.filter((request) => request.path === "/disabled-operator")).toHaveLength(1);
    const delivered = await t.db
      .selectFrom("app.webhook_delivery")
      .select("event_key")
      .where("webhook_id", "=", hook)
      .where("outcome", "=", WEBHOOK_OUTCOME.delivered)
      .execute();
    expect(delivered).toEqual([{ event_key: "enabled-again" }]);
  });

  it("receive nothing once the operator is removed from the validator directory", async () => {
    const admin = await t.adminToken(await t.addAdmin());
    const owner = await newOperator(t);
    const hook = await addHook(owner.token, `${healthy.url}/removed-operator`);
    const operatorId = await operatorIdOf(t.db, owner.wallet);
    const removed = await t.call("POST", API.validator.delete, {
      token: admin,
      body: { walletAddress: owner.wallet },
    });
    expect(removed.status).toBe(200);
    await recordWebhookMessage(t.db, operatorId, testMessage("after-removal", new Date()), hook);
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 0, failed: 0 });
    expect(healthy.received.filter((request) => request.path === "/removed-operator")).toHaveLength(0);
  });
});
