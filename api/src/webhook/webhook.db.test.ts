import { createHmac, timingSafeEqual } from "node:crypto";
import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { nodeWithStatus, operatorWithActiveNode, submitJob } from "../../test/jobs.ts";
import { newOperator, operatorIdOf } from "../../test/nodes.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver.ts";
import { sendPendingMails } from "../mail/index.ts";
import { API, MESSAGES, NODE_STATUS } from "../public-contract/index.ts";
import { deliverPendingWebhooks } from "./delivery.ts";
import { testMessage } from "./events.ts";
import { recordWebhookMessage, sealStoredSecrets } from "./repository.ts";
import { WEBHOOK_LIMITS } from "./rules.ts";

let t: TestAppWithSmtp;
let production: TestAppWithSmtp;
let receiver: WebhookReceiver;

/** The DNS of the tests: names to the addresses they resolve to, changed by a test to move a host inward. */
const dns = new Map<string, LookupAddress[]>([
  ["hooks.example.com", [{ address: "93.184.216.34", family: 4 }]],
  ["ten.example.com", [{ address: "10.1.2.3", family: 4 }]],
  ["loop6.example.com", [{ address: "::1", family: 6 }]],
  ["mapped.example.com", [{ address: "::ffff:127.0.0.1", family: 6 }]],
  ["cgnat.example.com", [{ address: "100.64.0.9", family: 4 }]],
  [
    "mixed.example.com",
    [
      { address: "93.184.216.34", family: 4 },
      { address: "fd12:3456::1", family: 6 },
    ],
  ],
]);
const resolveHost = async (host: string) => dns.get(host) ?? [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestAppWithSmtp({ env: { WEBHOOK_TELEGRAM_API_URL: `${receiver.url}/telegram` }, resolveHost });
  production = await createTestAppWithSmtp({ env: { APP_ENV: "production" }, resolveHost });
});
afterAll(async () => {
  await t?.close();
  await production?.close();
  await receiver?.stop();
});

const add = (app: TestAppWithSmtp, token: string, body: Record<string, unknown>) =>
  app.call("POST", API.webhook.root, { token, body });
const list = async (app: TestAppWithSmtp, token: string) => (await app.call("GET", API.webhook.root, { token })).body;
const sendTest = (app: TestAppWithSmtp, token: string, id: string) =>
  app.call("POST", API.webhook.test, { token, body: { _id: id } });
const attempts = async (token: string, id: string) =>
  (await t.call("GET", `${API.webhook.deliveries}?webhookId=${id}`, { token })).body.data;
const edit = (token: string, body: Record<string, unknown>) => t.call("POST", API.webhook.edit, { token, body });
const requestsTo = (path: string) => receiver.received.filter((request) => request.path === path);

/**
 * The recipe in docs/operators.md for checking a generic JSON webhook's signature: split the header into t and v1, recompute the
 * HMAC-SHA256 of "<t>.<raw body>" with the secret, compare in constant time, and refuse a timestamp over 5 minutes old.
 */
function verifySignature(secret: string, header: string, rawBody: string, nowSeconds = Date.now() / 1000) {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=") as [string, string]));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return (
    given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    Math.abs(nowSeconds - Number(parts.t)) <= 300
  );
}

describe("webhooks on the operator's profile", () => {
  it("adds each kind, shows the generic secret once, checks the fields and keeps a limit", async () => {
    const owner = await newOperator(t);
    const json = await add(t, owner.token, { kind: "json", url: `${receiver.url}/json-once/path-with-secret-part` });
    expect(json.status).toBe(201);
    expect(json.body.message).toBe(MESSAGES.webhookAdded);
    expect(json.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(json.body.data).toMatchObject({ kind: "json", enabled: true, lastAttempt: null });
    expect(json.body.data.target).not.toContain("path-with-secret-part");

    const telegram = await add(t, owner.token, {
      kind: "telegram",
      botToken: "123456:AAE-abcdefghijklmnopqrstuv",
      chatId: "-100200",
    });
    expect(telegram.status).toBe(201);
    expect(telegram.body.secret).toBeNull();
    expect(telegram.body.data.target).toBe("chat -100200");

    const listed = await t.call("GET", API.webhook.root, { token: owner.token });
    expect(listed.body.data.map((hook: { kind: string }) => hook.kind)).toEqual(["json", "telegram"]);
    expect(JSON.stringify(listed.body)).not.toContain(json.body.secret);
    expect(JSON.stringify(listed.body)).not.toContain("AAE-abcdefghijklmnopqrstuv");

    expect((await add(t, owner.token, { url: "https://hooks.example.com/x" })).body.errors).toEqual({
      kind: MESSAGES.webhookKindRequired,
    });
    expect((await add(t, owner.token, { kind: "slack", url: "ftp://hooks.example.com/x" })).body.errors).toEqual({
      url: MESSAGES.webhookUrlRequired,
    });
    const badTelegram = await add(t, owner.token, { kind: "telegram", botToken: "nope", chatId: "a b" });
    expect(badTelegram.status).toBe(400);
    expect(badTelegram.body.errors).toEqual({
      botToken: MESSAGES.webhookBotTokenInvalid,
      chatId: MESSAGES.webhookChatIdInvalid,
    });

    for (let n = 2; n < WEBHOOK_LIMITS.perOperator; n++)
      expect((await add(t, owner.token, { kind: "discord", url: `${receiver.url}/d${n}` })).status).toBe(201);
    const over = await add(t, owner.token, { kind: "discord", url: `${receiver.url}/over` });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(MESSAGES.webhooksTooMany);
  });

  it("answers 404 for another operator's webhook on every route, and deletes one's own", async () => {
    const owner = await newOperator(t);
    const other = await newOperator(t);
    const { body } = await add(t, owner.token, { kind: "slack", url: `${receiver.url}/owned` });
    const id = body.data._id;
    expect((await list(t, other.token)).data).toEqual([]);
    expect((await sendTest(t, other.token, id)).status).toBe(404);
    expect((await t.call("GET", `${API.webhook.deliveries}?webhookId=${id}`, { token: other.token })).status).toBe(404);
    const foreignDelete = await t.call("POST", API.webhook.delete, { token: other.token, body: { _id: id } });
    expect(foreignDelete.status).toBe(404);
    expect(foreignDelete.body.error).toBe(MESSAGES.webhookNotFound);
    expect((await list(t, owner.token)).data).toHaveLength(1);

    const deleted = await t.call("POST", API.webhook.delete, { token: owner.token, body: { _id: id } });
    expect(deleted.body.message).toBe(MESSAGES.webhookDeleted);
    expect((await list(t, owner.token)).data).toEqual([]);
  });
});

describe("webhook delivery in each kind's own format (a local HTTP receiver)", () => {
  it("posts Discord, Slack and Telegram messages and a signed generic JSON body the recipe in docs/operators.md verifies", async () => {
    const owner = await newOperator(t);
    const ids: Record<string, string> = {};
    ids.discord = (await add(t, owner.token, { kind: "discord", url: `${receiver.url}/fmt/discord` })).body.data._id;
    ids.slack = (await add(t, owner.token, { kind: "slack", url: `${receiver.url}/fmt/slack` })).body.data._id;
    ids.telegram = (
      await add(t, owner.token, { kind: "telegram", botToken: "4242:AAF-abcdefghijklmnopqrstu", chatId: "777" })
    ).body.data._id;
    const json = await add(t, owner.token, { kind: "json", url: `${receiver.url}/fmt/json` });
    ids.json = json.body.data._id;
    for (const id of Object.values(ids)) expect((await sendTest(t, owner.token, id)).status).toBe(200);
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 4, failed: 0 });

    const discord = JSON.parse(requestsTo("/fmt/discord")[0]!.body);
    expect(discord.content).toBe("**Test message**");
    expect(discord.embeds[0]).toMatchObject({ title: "Test message", description: expect.stringContaining("alerts") });
    const slack = JSON.parse(requestsTo("/fmt/slack")[0]!.body);
    expect(slack.text).toContain("Test message");
    expect(slack.blocks[0].text).toMatchObject({ type: "mrkdwn", text: expect.stringContaining("*Test message*") });
    const telegram = JSON.parse(requestsTo("/telegram/bot4242:AAF-abcdefghijklmnopqrstu/sendMessage")[0]!.body);
    expect(telegram).toMatchObject({ chat_id: "777", text: expect.stringContaining("Test message") });

    const signed = requestsTo("/fmt/json")[0]!;
    const header = signed.headers["webhook-signature"] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(json.body.secret, header, signed.body)).toBe(true);
    expect(verifySignature(json.body.secret, header, signed.body.replace("webhook.test", "node.down"))).toBe(false);
    expect(verifySignature(`${json.body.secret}0`, header, signed.body)).toBe(false);
    expect(JSON.parse(signed.body)).toMatchObject({ type: "webhook.test", id: expect.any(String), data: {} });

    const [last] = await attempts(owner.token, ids.json!);
    expect(last).toMatchObject({ event: "webhook.test", httpStatus: 200, error: null, latencyMs: expect.any(Number) });
  });

  it("tries again after a 500 with backoff, logging each attempt, then delivers", async () => {
    const owner = await newOperator(t);
    const id = (await add(t, owner.token, { kind: "slack", url: `${receiver.url}/retry` })).body.data._id;
    let failuresLeft = 1;
    receiver.answerWith((request) => (request.path === "/retry" && failuresLeft-- > 0 ? 500 : 200));
    await sendTest(t, owner.token, id);
    const start = new Date();
    expect(await deliverPendingWebhooks(t.webhookSender, start)).toEqual({ delivered: 0, failed: 1 });
    expect(await deliverPendingWebhooks(t.webhookSender, new Date(start.getTime() + 5_000))).toEqual({
      delivered: 0,
      failed: 0,
    });
    expect(await deliverPendingWebhooks(t.webhookSender, new Date(start.getTime() + 31_000))).toEqual({
      delivered: 1,
      failed: 0,
    });
    receiver.answerWith(() => 200);
    expect(requestsTo("/retry")).toHaveLength(2);
    expect((await attempts(owner.token, id)).map((a: { httpStatus: number }) => a.httpStatus)).toEqual([200, 500]);
    expect((await list(t, owner.token)).data[0]).toMatchObject({ enabled: true, lastAttempt: { httpStatus: 200 } });
  });

  it(`turns a webhook off after ${WEBHOOK_LIMITS.disableAfterFailures} failures in a row and mails its operator`, async () => {
    const owner = await newOperator(t);
    const id = (await add(t, owner.token, { kind: "json", url: `${receiver.url}/down` })).body.data._id;
    receiver.answerWith((request) => (request.path === "/down" ? 503 : 200));
    let clock = Date.now();
    for (let round = 0; round < 20 && (await list(t, owner.token)).data[0].enabled; round++) {
      await sendTest(t, owner.token, id);
      clock += 3 * 3_600_000;
      await deliverPendingWebhooks(t.webhookSender, new Date(clock));
    }
    receiver.answerWith(() => 200);
    expect((await list(t, owner.token)).data[0].enabled).toBe(false);
    expect(requestsTo("/down")).toHaveLength(WEBHOOK_LIMITS.disableAfterFailures);
    await deliverPendingWebhooks(t.webhookSender, new Date(clock + 86_400_000));
    expect(requestsTo("/down")).toHaveLength(WEBHOOK_LIMITS.disableAfterFailures);
    const refused = await sendTest(t, owner.token, id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(MESSAGES.webhookTurnedOff);

    await sendPendingMails(t.mailSender);
    const mail = await t.smtp.textContaining(owner.email, "webhook was turned off");
    expect(mail).toContain("Subject: Your Generic JSON (signed) webhook was turned off");
    expect(mail).toContain(`failed ${WEBHOOK_LIMITS.disableAfterFailures} times in a row`);

    const back = await edit(owner.token, { _id: id, enabled: true });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ message: MESSAGES.webhookSaved, data: { enabled: true }, secret: null });
    expect((await sendTest(t, owner.token, id)).status).toBe(200);
    expect(await deliverPendingWebhooks(t.webhookSender, new Date(clock + 2 * 86_400_000))).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect((await list(t, owner.token)).data[0]).toMatchObject({ enabled: true, lastAttempt: { httpStatus: 200 } });

    const operatorId = await operatorIdOf(t.db, owner.wallet);
    await t.db
      .updateTable("app.webhook")
      .set({ failures_in_row: WEBHOOK_LIMITS.disableAfterFailures - 1 })
      .where("id", "=", id)
      .execute();
    await recordWebhookMessage(t.db, operatorId, testMessage("again", new Date()), id);
    receiver.answerWith((request) => (request.path === "/down" ? 503 : 200));
    await deliverPendingWebhooks(t.webhookSender, new Date(clock + 3 * 86_400_000));
    receiver.answerWith(() => 200);
    expect((await list(t, owner.token)).data[0].enabled, "turned off again").toBe(false);
    const mailsBefore = t.smtp.count(owner.email);
    await sendPendingMails(t.mailSender);
    expect(t.smtp.count(owner.email), "turned off again, the operator is told again").toBe(mailsBefore + 1);
  });
});

describe("webhook targets, secrets and bot tokens at rest", () => {
  it("stores them sealed (AES-256-GCM), never in plaintext, and delivery still signs and posts with them", async () => {
    const owner = await newOperator(t);
    const json = await add(t, owner.token, { kind: "json", url: `${receiver.url}/rest/json-bearer-part` });
    const discord = await add(t, owner.token, { kind: "discord", url: `${receiver.url}/rest/discord-bearer-part` });
    const slack = await add(t, owner.token, { kind: "slack", url: `${receiver.url}/rest/slack-bearer-part` });
    const botToken = "6262:AAF-restrestrestrestrestrest";
    const telegram = await add(t, owner.token, { kind: "telegram", botToken, chatId: "909" });
    const ids = [json, discord, slack, telegram].map((added) => added.body.data._id as string);
    const rows = await t.db
      .selectFrom("app.webhook")
      .select(["target", "token", "secret"])
      .where("id", "in", ids)
      .execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(json.body.secret);
    expect(stored).not.toContain(json.body.secret.slice(6));
    expect(stored).not.toContain(botToken);
    expect(stored).not.toContain("restrestrest");
    expect(stored).not.toContain("bearer-part");
    expect(stored).not.toContain(receiver.url);
    expect(stored).not.toContain("/rest/");
    for (const value of rows.flatMap((row) => [row.target, row.token, row.secret]).filter((v) => v !== null))
      expect(value).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await list(t, owner.token)).data.map((hook: { target: string }) => hook.target)).toEqual([
      `${new URL(receiver.url).host}/…part`,
      `${new URL(receiver.url).host}/…part`,
      `${new URL(receiver.url).host}/…part`,
      "chat 909",
    ]);

    for (const id of ids) await sendTest(t, owner.token, id);
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 4, failed: 0 });
    const [signed] = requestsTo("/rest/json-bearer-part");
    expect(verifySignature(json.body.secret, signed!.headers["webhook-signature"] as string, signed!.body)).toBe(true);
    expect(requestsTo("/rest/discord-bearer-part")).toHaveLength(1);
    expect(requestsTo("/rest/slack-bearer-part")).toHaveLength(1);
    expect(JSON.parse(requestsTo(`/telegram/bot${botToken}/sendMessage`)[0]!.body)).toMatchObject({ chat_id: "909" });
  });

  it("seals a URL and secret stored in plaintext before sealing existed, which deliver meanwhile and after", async () => {
    const owner = await newOperator(t);
    const id = (await add(t, owner.token, { kind: "json", url: `${receiver.url}/rest/other` })).body.data._id;
    const legacy = `whsec_${"5a".repeat(32)}`;
    const legacyUrl = `${receiver.url}/rest/legacy`;
    await t.db.updateTable("app.webhook").set({ secret: legacy, target: legacyUrl }).where("id", "=", id).execute();
    expect((await list(t, owner.token)).data[0].target).toBe(`${new URL(receiver.url).host}/…gacy`);
    await sendTest(t, owner.token, id);
    await deliverPendingWebhooks(t.webhookSender);
    expect(await sealStoredSecrets(t.db, t.webhookSender.secretKey)).toBe(1);
    expect(await sealStoredSecrets(t.db, t.webhookSender.secretKey)).toBe(0);
    const row = await t.db
      .selectFrom("app.webhook")
      .select(["secret", "target"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(legacy.slice(6));
    expect(row.target).not.toContain("legacy");
    expect(row.target).toMatch(/^v1\./);
    expect((await list(t, owner.token)).data[0].target).toBe(`${new URL(receiver.url).host}/…gacy`);
    await sendTest(t, owner.token, id);
    await deliverPendingWebhooks(t.webhookSender);
    for (const request of requestsTo("/rest/legacy"))
      expect(verifySignature(legacy, request.headers["webhook-signature"] as string, request.body)).toBe(true);
    expect(requestsTo("/rest/legacy")).toHaveLength(2);
  });
});

describe("editing a webhook and turning it off and on", () => {
  it("renames it, moves a signed one's URL keeping its secret, and rotates the secret only when asked", async () => {
    const owner = await newOperator(t);
    const created = await add(t, owner.token, { kind: "json", url: `${receiver.url}/edit/first` });
    const id = created.body.data._id;
    const moved = await edit(owner.token, { _id: id, name: "Ops pager", url: `${receiver.url}/edit/second` });
    expect(moved.status).toBe(200);
    expect(moved.body.secret).toBeNull();
    expect(moved.body.data).toMatchObject({ name: "Ops pager", enabled: true });
    expect(JSON.stringify(await list(t, owner.token))).not.toContain(created.body.secret);
    await sendTest(t, owner.token, id);
    await deliverPendingWebhooks(t.webhookSender);
    const [second] = requestsTo("/edit/second");
    expect(verifySignature(created.body.secret, second!.headers["webhook-signature"] as string, second!.body)).toBe(
      true,
    );
    expect(requestsTo("/edit/first")).toHaveLength(0);

    const rotated = await edit(owner.token, { _id: id, rotateSecret: true });
    expect(rotated.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    await sendTest(t, owner.token, id);
    await deliverPendingWebhooks(t.webhookSender);
    const [, third] = requestsTo("/edit/second");
    const header = third!.headers["webhook-signature"] as string;
    expect(verifySignature(rotated.body.secret, header, third!.body)).toBe(true);
    expect(verifySignature(created.body.secret, header, third!.body)).toBe(false);
  });

  it("takes 60 adds and edits an hour from one operator, counted before the host is looked up; then 429", async () => {
    const owner = await newOperator(t);
    const id = (await add(t, owner.token, { kind: "json", url: `${receiver.url}/writes` })).body.data._id as string;
    const answers = await Promise.all(
      Array.from({ length: 61 }, (_, n) => edit(owner.token, { _id: id, url: `https://writes-${n}.example/hook` })),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.body.error).toBe("You can add or change webhooks at most 60 times an hour: try again later");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect((await add(t, owner.token, { kind: "json", url: `${receiver.url}/writes-again` })).status).toBe(429);
    const other = await newOperator(t);
    expect((await add(t, other.token, { kind: "json", url: `${receiver.url}/writes-other` })).status).toBe(201);
  });

  it("turns it off by hand (a test is refused) and on again; keeps a Telegram bot token left out", async () => {
    const owner = await newOperator(t);
    const slack = (await add(t, owner.token, { kind: "slack", url: `${receiver.url}/edit/slack` })).body.data._id;
    expect((await edit(owner.token, { _id: slack, enabled: false })).body.data.enabled).toBe(false);
    expect((await sendTest(t, owner.token, slack)).status).toBe(409);
    expect((await edit(owner.token, { _id: slack, enabled: true })).body.data.enabled).toBe(true);
    expect((await sendTest(t, owner.token, slack)).status).toBe(200);

    const telegram = (
      await add(t, owner.token, { kind: "telegram", botToken: "5151:AAF-abcdefghijklmnopqrstu", chatId: "100" })
    ).body.data._id;
    const chat = await edit(owner.token, { _id: telegram, chatId: "-200", botToken: "" });
    expect(chat.body.data.target).toBe("chat -200");
    await sendTest(t, owner.token, telegram);
    await deliverPendingWebhooks(t.webhookSender);
    expect(JSON.parse(requestsTo("/telegram/bot5151:AAF-abcdefghijklmnopqrstu/sendMessage")[0]!.body)).toMatchObject({
      chat_id: "-200",
    });
  });

  it("answers field errors for bad or misplaced fields, and 404 for another operator's webhook", async () => {
    const owner = await newOperator(t);
    const other = await newOperator(t);
    const slack = (await add(t, owner.token, { kind: "slack", url: `${receiver.url}/edit/errors` })).body.data._id;
    const bad = await edit(owner.token, {
      _id: slack,
      url: "ftp://hooks.example.com/x",
      name: "n".repeat(WEBHOOK_LIMITS.nameLength + 1),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ url: MESSAGES.webhookUrlRequired, name: MESSAGES.webhookNameTooLong });
    const misplaced = await edit(owner.token, { _id: slack, chatId: "123", rotateSecret: true });
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.errors).toEqual({
      chatId: MESSAGES.webhookFieldNotOfKind,
      rotateSecret: MESSAGES.webhookSecretOnlySigned,
    });
    const foreign = await edit(other.token, { _id: slack, enabled: false });
    expect(foreign.status).toBe(404);
    expect((await list(t, owner.token)).data[0].enabled).toBe(true);
  });

  it("refuses in production a new URL whose host is private", async () => {
    const owner = await newOperator(production);
    const id = (await add(production, owner.token, { kind: "discord", url: "https://hooks.example.com/x" })).body.data
      ._id;
    const moved = await production.call("POST", API.webhook.edit, {
      token: owner.token,
      body: { _id: id, url: "https://ten.example.com/x" },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ url: notPublic });
    expect(JSON.stringify(moved.body)).not.toContain("10.1.2.3");
    expect(production.logs.text()).toContain("ten.example.com resolves to a private address (10.1.2.3)");
  });
});

describe("alerts by webhook from the events that mail them", () => {
  it("tells an admin's node and job status changes to the operator's webhook, beside the mail", async () => {
    const admin = await t.adminToken(await t.addAdmin());
    const owner = await operatorWithActiveNode(t);
    const hook = await add(t, owner.token, { kind: "json", url: `${receiver.url}/events` });
    const job = await submitJob(t, owner);
    expect(
      (await t.call("POST", API.job.edit, { token: admin, body: { _id: job, status: "Approved", adminNotes: "Runs" } }))
        .status,
    ).toBe(200);
    const pending = await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    const review = await t.call("POST", API.node.edit, {
      token: admin,
      body: { _id: pending, status: NODE_STATUS.return, adminNotes: "Open port 6688" },
    });
    expect(review.status).toBe(200);
    expect(await deliverPendingWebhooks(t.webhookSender)).toEqual({ delivered: 2, failed: 0 });
    const bodies = requestsTo("/events").map((request) => {
      expect(verifySignature(hook.body.secret, request.headers["webhook-signature"] as string, request.body)).toBe(
        true,
      );
      return JSON.parse(request.body);
    });
    expect(bodies.map((body) => body.type).sort()).toEqual(["job.status", "node.status"]);
    expect(bodies.find((body) => body.type === "node.status").data).toMatchObject({
      from: NODE_STATUS.pending,
      to: NODE_STATUS.return,
      notes: "Open port 6688",
    });
    expect(bodies.find((body) => body.type === "job.status").data).toMatchObject({
      status: "Approved",
      adminNotes: "Runs",
    });
  });
});

/** The field error of a URL refused in production for where its host points, whatever it resolved to. */
const notPublic = `${MESSAGES.webhookUrlUnreachable}: ${MESSAGES.webhookUrlNotPublic}`;

describe("webhook targets in production (NODE_ENV / APP_ENV production)", () => {
  it("accepts only https URLs whose host resolves to public addresses only, never saying what it resolved to", async () => {
    const owner = await newOperator(production);
    const refused = async (url: string) => {
      const answer = await add(production, owner.token, { kind: "discord", url });
      expect(answer.status, url).toBe(400);
      return answer.body.errors?.url;
    };
    expect(await refused("http://hooks.example.com/x")).toBe(
      `${MESSAGES.webhookUrlUnreachable}: ${MESSAGES.webhookUrlHttpsOnly}`,
    );
    for (const url of [
      "https://ten.example.com/x",
      "https://loop6.example.com/x",
      "https://mapped.example.com/x",
      "https://cgnat.example.com/x",
      "https://mixed.example.com/x",
      "https://127.0.0.1/x",
      "https://[::1]/x",
      "https://[::ffff:10.0.0.1]/x",
      "https://169.254.169.254/latest",
      "https://[fe80::1]/x",
      "https://0.0.0.0/x",
      "https://[::]/x",
    ])
      expect(await refused(url), url).toBe(notPublic);
    expect(await refused("https://nowhere.example.com/x")).toBe(notPublic);
    expect(production.logs.text()).toContain("mixed.example.com resolves to a private address (fd12:3456::1)");
    expect(production.logs.text()).toContain("nowhere.example.com does not resolve");
    expect((await add(production, owner.token, { kind: "discord", url: "https://hooks.example.com/x" })).status).toBe(
      201,
    );
  });

  it("refuses at delivery a host whose DNS now points inward, without connecting", async () => {
    const owner = await newOperator(production);
    dns.set("rebind.example.com", [{ address: "93.184.216.34", family: 4 }]);
    const created = await add(production, owner.token, { kind: "json", url: "https://rebind.example.com/hook" });
    expect(created.status).toBe(201);
    dns.set("rebind.example.com", [{ address: "127.0.0.1", family: 4 }]);
    await sendTest(production, owner.token, created.body.data._id);
    expect(await deliverPendingWebhooks(production.webhookSender)).toEqual({ delivered: 0, failed: 1 });
    const log = await production.call("GET", `${API.webhook.deliveries}?webhookId=${created.body.data._id}`, {
      token: owner.token,
    });
    expect(log.body.data[0]).toMatchObject({ httpStatus: null, error: MESSAGES.webhookUrlNotPublic });
    expect(production.logs.text()).toContain("rebind.example.com resolves to a private address (127.0.0.1)");
  });

  it("outside production (APP_ENV test, as the tests run) tells the developer what the host did", async () => {
    const owner = await newOperator(t);
    const answer = await add(t, owner.token, { kind: "discord", url: "http://nowhere.example.com/x" });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      url: `${MESSAGES.webhookUrlUnreachable}: nowhere.example.com does not resolve`,
    });
  });
});
