import type { ServerType } from "@hono/node-server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator, registerNode } from "../../test/nodes.ts";
import { silentLog } from "../../test/logs.ts";
import { decoded, served as servedBy, type Served } from "../../test/served.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { listenToIndexer } from "../live/indexer-listener.ts";
import { forgetAccount } from "../auth/account-cache.ts";
import { API, USER_TYPE } from "../public-contract/index.ts";
import { AnswerReplays } from "./answer-replay.ts";
import { serveApi } from "./serve.ts";

let t: TestAppWithSmtp;
let server: ServerType;
let origin: string;
let replays: AnswerReplays;
let listener: ReturnType<typeof listenToIndexer>;
const counted: [string, string, number][] = [];
/** Each registered node's number, so that no two share an address. */
let nodes = 0;
const nextNode = () => ++nodes;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  replays = new AnswerReplays({
    live: t.live,
    config: t.config,
    log: t.logs.log,
    requestMetrics: (method, route, status) => counted.push([method, route, status]),
  });
  listener = listenToIndexer({ databaseUrl: t.config.DATABASE_URL, db: t.db, hub: t.live, log: silentLog() });
  await listener.ready;
  const port = await freePort();
  server = serveApi(t.app.fetch, { port, hostname: "127.0.0.1" }, undefined, replays);
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await listener?.stop();
  await t?.close();
});

const served = (page: string, headers: Record<string, string>) => servedBy(origin, page, headers);
const bearer = (token: string, more: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...more });
const listOf = (answer: Served) =>
  JSON.parse(decoded(answer.bytes, answer.response.headers.get("content-encoding"))) as {
    docs: { name: string }[];
    totalDocs: number;
  };
const nodeNames = (answer: Served) =>
  listOf(answer)
    .docs.map((node) => node.name)
    .sort();
const totalOf = (answer: Served) => listOf(answer).totalDocs;

/**
 * The list of `headers` asked for until it is answered again from a replay: the announcements of the writes before it
 * arrive after their requests were answered, and each empties the answer cache.
 */
async function replayed(headers: Record<string, string>) {
  let answers: { first: Served; again: Served } | undefined;
  await waitFor(
    "a list answered again from a replay",
    async () => {
      const first = await served(API.node.root, headers);
      const before = replays.stats.replayed;
      const again = await served(API.node.root, headers);
      answers = { first, again };
      return replays.stats.replayed === before + 1;
    },
    { timeoutMs: 10_000, intervalMs: 5 },
  );
  return answers!;
}

/** An operator with two nodes, whose node list is answered from a replay. */
async function operatorWithReplayedList() {
  const operator = await newOperator(t);
  for (let n = 0; n < 2; n++) await registerNode(t, operator.token, nextNode());
  const id = (await t.call("GET", API.operator.root, { token: operator.token })).body._id as string;
  const headers = bearer(operator.token, { "accept-encoding": "gzip" });
  const { first, again } = await replayed(headers);
  expect(again.bytes).toEqual(first.bytes);
  return { ...operator, id, headers, first };
}

/** Changes an operator's account in the database without announcing it, then drops what this process kept of it. */
async function changeAccountSilently(id: string, change: Record<string, unknown>) {
  await t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await trx.updateTable("app.operator").set(change).where("id", "=", id).execute();
  });
  forgetAccount(USER_TYPE.user, id);
}

describe("a signed-in list asked again, answered by Node before the app", () => {
  it("sends the same status, headers and bytes, with its own request id, log line and count", async () => {
    const admin = await t.adminToken(await t.addAdmin());
    const operator = await newOperator(t);
    await registerNode(t, operator.token, nextNode());
    const headers = bearer(admin, { "accept-encoding": "br, gzip" });
    const { first } = await replayed(headers);
    const before = replays.stats.replayed;
    counted.splice(0);
    const again = await served(API.node.root, { ...headers, "x-request-id": "replayed-list-1" });
    expect(replays.stats.replayed).toBe(before + 1);
    expect(again.response.status).toBe(200);
    expect(again.bytes).toEqual(first.bytes);
    const withoutOwn = (answer: Served) =>
      [...answer.response.headers].filter(([name]) => name !== "date" && name !== "x-request-id");
    expect(withoutOwn(again)).toEqual(withoutOwn(first));
    expect(again.response.headers.get("x-request-id")).toBe("replayed-list-1");
    expect(again.response.headers.get("content-security-policy")).toContain("default-src 'self'");
    const lines = t.logs.lines().filter((line) => line.msg === "request");
    const firstLine = lines.find((line) => line.id === first.response.headers.get("x-request-id"));
    const line = lines.find((line) => line.id === "replayed-list-1");
    expect(line).toMatchObject({ method: "GET", route: firstLine!.route, status: 200, role: USER_TYPE.admin });
    expect(line!.accountId).toBe(firstLine!.accountId);
    expect(counted).toEqual([["GET", firstLine!.route, 200]]);
  });

  it("gives each reader their own list and each encoding its own bytes", async () => {
    const one = await operatorWithReplayedList();
    const other = await newOperator(t);
    await registerNode(t, other.token, nextNode());
    const otherList = await served(API.node.root, bearer(other.token, { "accept-encoding": "gzip" }));
    expect(nodeNames(otherList)).toHaveLength(1);
    expect(nodeNames(otherList)).not.toEqual(nodeNames(one.first));
    const brotli = await served(API.node.root, bearer(one.token, { "accept-encoding": "br" }));
    expect(brotli.response.headers.get("content-encoding")).toBe("br");
    expect(nodeNames(brotli)).toEqual(nodeNames(one.first));
  });

  it("shows a change at once: a node registered since is listed", async () => {
    const headers = bearer(await t.adminToken(await t.addAdmin()), { "accept-encoding": "gzip" });
    const { again } = await replayed(headers);
    const operator = await newOperator(t);
    await registerNode(t, operator.token, nextNode());
    const after = await served(API.node.root, headers);
    expect(totalOf(after)).toBe(totalOf(again) + 1);
  });

  it("keeps no replay of an answer read before a change", async () => {
    const admin = bearer(await t.adminToken(await t.addAdmin()), { "accept-encoding": "gzip" });
    const { headers } = await operatorWithReplayedList();
    await waitFor(
      "both lists replayed after the same change",
      async () => {
        await replayed(headers);
        await replayed(admin);
        return replays.size === 2;
      },
      { timeoutMs: 10_000, intervalMs: 5 },
    );
    const operator = await newOperator(t);
    await registerNode(t, operator.token, nextNode());
    await replayed(admin);
    expect(replays.size).toBe(1);
  });

  it("refuses a session ended, disabled or without 2FA since, as the app does, though the list is still kept", async () => {
    for (const change of [
      { session_version: sql<number>`session_version + 1` },
      { disabled_at: new Date() },
      { twofa_enabled: false },
    ]) {
      const operator = await operatorWithReplayedList();
      await changeAccountSilently(operator.id, change);
      const before = replays.stats.replayed;
      const refused = await served(API.node.root, operator.headers);
      const inProcess = await t.app.request(API.node.root, { headers: operator.headers });
      expect(replays.stats.replayed).toBe(before);
      expect([401, 403]).toContain(refused.response.status);
      expect(refused.response.status).toBe(inProcess.status);
      expect(JSON.parse(refused.bytes.toString())).toEqual(await inProcess.json());
    }
  });

  it("answers a GET with a body through the app", async () => {
    const operator = await operatorWithReplayedList();
    const before = replays.stats.replayed;
    const headers = { ...operator.headers, "content-type": "text/plain", "content-length": "1" };
    const withBody = await servedBy(origin, API.node.root, headers, { body: "x" });
    expect(withBody.response.status).toBe(200);
    expect(replays.stats.replayed).toBe(before);
  });
});
