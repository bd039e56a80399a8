import type { Server } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { ANALYST_TEST_PASSWORD, connectAsAnalyst, failureCode } from "../../../test/analyst.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { openLiveStream, type LiveStream } from "../../test/live-stream.ts";
import { newOperator, nodeBody, renameNodeSilently } from "../../test/nodes.ts";
import { API, NODE_STATUS, USER_TYPE } from "../public-contract/index.ts";
import { applyAnalystAccess } from "../db/analyst-access.ts";
import { ANSWER_CHANNEL } from "../db/migrations/0020_answer-invalidation.ts";
import { INDEXER_CHANNEL, listenToIndexer, REVIEW_CHANNEL } from "./indexer-listener.ts";
import type { LiveEvent } from "./schema.ts";
import { silentLog } from "../../test/logs.ts";

let t: TestAppWithSmtp;
let server: ServerType;
let origin: string;
let listener: ReturnType<typeof listenToIndexer>;
let analyst: pg.Client;
let admin: string;
const streams: LiveStream[] = [];
/** Every event this instance's hub published. */
const published: LiveEvent[] = [];

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  t.live.subscribe({ userType: USER_TYPE.admin }, (event) => published.push(event));
  listener = listenToIndexer({ databaseUrl: t.config.DATABASE_URL, db: t.db, hub: t.live, log: silentLog() });
  await listener.ready;
  const port = await freePort();
  server = serve({ fetch: t.app.fetch, port, hostname: "127.0.0.1" });
  origin = `http://127.0.0.1:${port}`;
  await applyAnalystAccess(t.db, ANALYST_TEST_PASSWORD);
  analyst = await waitFor(
    "the analyst's login (another test may switch it off for a moment)",
    () => connectAsAnalyst(t.config.DATABASE_URL),
    { timeoutMs: 10_000, intervalMs: 100 },
  );
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await analyst?.end();
  (server as Server | undefined)?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await listener?.stop();
  await t?.close();
});

const QUIET_MS = 300;
const INSUFFICIENT_PRIVILEGE = "42501";
const adminList = async () =>
  (await t.call("POST", `${API.node.filterList}?page=1&limit=100`, { token: admin, body: { status: "All" } })).body as {
    docs: { _id: string; name: string }[];
  };
const nameIn = async (id: string) => (await adminList()).docs.find((node) => node._id === id)?.name;
/** An operator with a node, its registration already relayed (so nothing announced before is still on its way). */
async function operatorWithNode() {
  const operator = await newOperator(t);
  const added = await t.call("POST", API.node.root, { token: operator.token, body: nodeBody(published.length + 1) });
  expect(added.status).toBe(201);
  await waitFor(
    "the registration's announcement",
    () => published.some((event) => event.topics.includes("node") && event.wallets.includes(operator.wallet)),
    { timeoutMs: 5_000, intervalMs: 5 },
  );
  return { operator, node: added.body.data as { _id: string; name: string } };
}

/**
 * The analyst's notifications on every channel the API listens to, with well-formed payloads naming `wallet`; then a
 * pause to let them arrive.
 */
async function forgeEveryChannel(wallet: string) {
  const announcement = JSON.stringify({ topic: "node", wallet });
  for (const [channel, payload] of [
    [REVIEW_CHANNEL, announcement],
    [REVIEW_CHANNEL, JSON.stringify({ topic: "ticket", wallet: wallet.toUpperCase() })],
    [ANSWER_CHANNEL, "node"],
    [INDEXER_CHANNEL, ""],
    [INDEXER_CHANNEL, JSON.stringify({ block: 99 })],
  ]) {
    await analyst.query("SELECT pg_notify($1, $2)", [channel, payload]);
  }
  await analyst.query(`NOTIFY ${REVIEW_CHANNEL}, '${announcement}'`);
  expect(
    await failureCode(
      analyst,
      `INSERT INTO app.announcement (kind, topic, wallet) VALUES ('live', 'node', '${wallet}')`,
    ),
    "the analyst writing an announcement",
  ).toBe(INSUFFICIENT_PRIVILEGE);
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
}

describe("notifications sent by the read-only analyst role", () => {
  it("reach no live stream, while a change the portal's database announces does", async () => {
    const { operator, node } = await operatorWithNode();
    const [operatorStream, adminStream] = [
      await openLiveStream(origin, operator.token),
      await openLiveStream(origin, admin),
    ];
    streams.push(operatorStream, adminStream);

    await forgeEveryChannel(operator.wallet);
    expect(operatorStream.received).toEqual([]);
    expect(adminStream.received).toEqual([]);

    await t.db.updateTable("app.node").set({ status: NODE_STATUS.verified }).where("id", "=", node._id).execute();
    for (const stream of [operatorStream, adminStream]) {
      await waitFor(
        "the review on the stream",
        () => stream.received.find((event) => event.topics.includes("node") && event.wallets.includes(operator.wallet)),
        { timeoutMs: 5_000, intervalMs: 10 },
      );
    }
  });

  it("leave a cached list answer in place, while a change the portal's database announces empties it", async () => {
    const { operator, node } = await operatorWithNode();
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(await nameIn(node._id)).toBe(node.name);
    await renameNodeSilently(t.db, node._id, "Renamed unannounced");
    expect(await nameIn(node._id), "the cached answer").toBe(node.name);

    await forgeEveryChannel(operator.wallet);
    expect(t.live.answers.size, "answers kept").toBeGreaterThan(0);
    expect(await nameIn(node._id), "the cached answer, still served").toBe(node.name);

    await t.db.updateTable("app.node").set({ status: NODE_STATUS.verified }).where("id", "=", node._id).execute();
    await waitFor(
      "the announced change to empty the cache",
      async () => (await nameIn(node._id)) === "Renamed unannounced",
      { timeoutMs: 5_000, intervalMs: 10 },
    );
  });
});
