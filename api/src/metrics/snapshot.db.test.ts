import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { addressOf } from "../../test/nodes.ts";
import { createDb } from "../db/database.ts";
import { LiveHub } from "../live/index.ts";
import { MAIL_OUTCOME, MAX_ATTEMPTS, type MailKind } from "../mail/index.ts";
import { MAIL_TEMPLATES } from "../mail-templates.ts";
import { METRIC } from "./registry.ts";
import { createApiMetrics } from "./server.ts";
import { READING_TIMEOUT_MS } from "./snapshot.ts";
import { WEBHOOK_LIMITS, WEBHOOK_OUTCOME } from "../webhook/schema.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The value of an unlabelled family's sample, or of the one with `labels`, in a text exposition; undefined if none. */
function sample(text: string, name: string, labels = "") {
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ""} `));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

/** A TCP server that accepts connections and never answers: a database or RPC endpoint that hangs. */
async function blackHole() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One scrape of a fresh metrics instance of the test app (a fresh snapshot, not one kept from a scrape before). */
async function scrape() {
  const metrics = createApiMetrics({
    config: t.config,
    db: t.db,
    chain: createPublicClient({ transport: http(t.config.RPC_URL, { retryCount: 0 }) }),
    live: t.live,
  });
  try {
    return await metrics.registry.metrics();
  } finally {
    await metrics.close();
  }
}

describe("the metrics' readings", () => {
  it("count the mail outbox's backlog and failures and the unpaid incentives from the database", async () => {
    const kind = Object.keys(MAIL_TEMPLATES)[0] as MailKind;
    const mail = (eventKey: string) => ({
      kind,
      event_key: eventKey,
      recipient_type: "admin" as const,
      recipient_id: "00000000-0000-0000-0000-000000000000",
      details: "{}",
    });
    await t.db
      .insertInto("app.mail_outbox")
      .values([
        { ...mail("waiting"), created_at: new Date(Date.now() - 600_000) },
        { ...mail("retrying"), attempts: 2, last_error: "451 try later" },
        { ...mail("given up"), attempts: MAX_ATTEMPTS, done_at: new Date(), outcome: MAIL_OUTCOME.failed },
        { ...mail("sent"), attempts: 1, done_at: new Date(), outcome: MAIL_OUTCOME.sent },
      ])
      .execute();
    await t.db
      .insertInto("app.incentive")
      .values({
        wallet: addressOf(1, "0c"),
        node: addressOf(1, "0b"),
        date: "2027-02-01",
        token: 2_500n * 10n ** 18n,
        inactive_count: 0,
        staked_days: 30,
        accrued_days: 30,
        percentage: "2.5",
      })
      .execute();
    const text = await scrape();
    expect(sample(text, METRIC.mailBacklog)).toBe(2);
    expect(sample(text, METRIC.mailOldestPending)).toBeGreaterThanOrEqual(600);
    expect(sample(text, METRIC.mailFailures, 'state="retrying"')).toBe(1);
    expect(sample(text, METRIC.mailFailures, 'state="given_up"')).toBe(1);
    expect(sample(text, METRIC.incentivesUnpaid)).toBe(2_500);
    expect(sample(text, METRIC.rewardPool)).toBe(0);
    expect(sample(text, METRIC.chainHead), "the chain RPC does not answer").toBeUndefined();
    expect(text, "pg-boss has not made its schema").not.toMatch(new RegExp(`^${METRIC.schedulerQueued}\\{`, "m"));
  });

  it("count the operators' webhook deliveries waiting, overdue, retrying and given up", async () => {
    const operator = await t.db
      .insertInto("app.operator")
      .values({ wallet_address: addressOf(2, "0c"), email: null, user_role: "Validator" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const webhook = await t.db
      .insertInto("app.webhook")
      .values({
        operator_id: operator.id,
        kind: "json",
        target: "https://hooks.example.com/pli",
        secret: null,
        token: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const delivery = (eventKey: string) => ({ webhook_id: webhook.id, event_key: eventKey, message: "{}" });
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    await t.db
      .insertInto("app.webhook_delivery")
      .values([
        { ...delivery("due a quarter of an hour ago"), next_attempt_at: minutes(-15) },
        { ...delivery("failed once, next try in an hour"), attempts: 1, next_attempt_at: minutes(60) },
        {
          ...delivery("given up"),
          attempts: WEBHOOK_LIMITS.attempts,
          done_at: new Date(),
          outcome: WEBHOOK_OUTCOME.failed,
        },
        { ...delivery("delivered"), attempts: 1, done_at: new Date(), outcome: WEBHOOK_OUTCOME.delivered },
      ])
      .execute();
    const first = await scrape();
    expect(sample(first, METRIC.webhookWaiting)).toBe(2);
    expect(sample(first, METRIC.webhookOldestDue)).toBeGreaterThanOrEqual(15 * 60);
    expect(sample(first, METRIC.webhookOldestDue)).toBeLessThan(16 * 60);
    expect(sample(first, METRIC.webhookFailures, 'state="retrying"')).toBe(1);
    expect(sample(first, METRIC.webhookFailures, 'state="given_up"')).toBe(1);

    await t.db
      .updateTable("app.webhook_delivery")
      .set({ done_at: new Date(), outcome: WEBHOOK_OUTCOME.delivered })
      .where("event_key", "=", "due a quarter of an hour ago")
      .execute();
    const later = await scrape();
    expect(sample(later, METRIC.webhookWaiting)).toBe(1);
    expect(sample(later, METRIC.webhookOldestDue), "the one left is not due yet").toBe(0);
  });

  it("answer a scrape in bounded time when the database and the chain hang, without their gauges", async () => {
    const database = await blackHole();
    const rpc = await blackHole();
    const databaseUrl = `postgresql://pli:pli@127.0.0.1:${database.port}/pli`;
    const db = createDb(databaseUrl, 2, { limits: { connectionTimeoutMillis: 10_000 } });
    const metrics = createApiMetrics({
      config: { ...t.config, DATABASE_URL: databaseUrl },
      db,
      chain: createPublicClient({
        transport: http(`http://127.0.0.1:${rpc.port}`, { retryCount: 0, timeout: 30_000 }),
      }),
      live: new LiveHub(),
    });
    try {
      const started = performance.now();
      const text = await metrics.registry.metrics();
      expect(performance.now() - started).toBeLessThan(READING_TIMEOUT_MS + 1_000);
      for (const family of [
        METRIC.indexerLag,
        METRIC.mailBacklog,
        METRIC.webhookWaiting,
        METRIC.rewardPool,
        METRIC.monitorLastRound,
      ])
        expect(sample(text, family), family).toBeUndefined();
      expect(sample(text, METRIC.liveStreams)).toBe(0);
      expect(sample(text, "pli_process_resident_memory_bytes")).toBeGreaterThan(0);
    } finally {
      await Promise.all([metrics.close(), db.destroy().catch(() => undefined), database.close(), rpc.close()]);
    }
  });
});
