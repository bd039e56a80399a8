import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator, nodeBody, renameNodeSilently } from "../../test/nodes.ts";
import { API, NODE_STATUS, USER_TYPE } from "../public-contract/index.ts";
import { QUIET_TABLES } from "../db/migrations/0020_answer-invalidation.ts";
import { ANNOUNCEMENT_TABLE } from "../db/migrations/0024_trusted-announcements.ts";
import { listenToIndexer } from "./indexer-listener.ts";
import { silentLog } from "../../test/logs.ts";

let t: TestAppWithSmtp;
let admin: string;
let listener: ReturnType<typeof listenToIndexer>;
let n = 0;

/**
 * The announcements of writes to what the node list reads (for the cache and for live streams), switched off or on
 * again.
 */
const NODE_ANNOUNCEMENTS = [
  ["node", "announce_change"],
  ["node", "node_announce_review"],
  ["node_status_history", "announce_change"],
  ["node_status_count", "announce_change"],
] as const;
const announcing = async (on: boolean) => {
  for (const [table, trigger] of NODE_ANNOUNCEMENTS)
    await sql`ALTER TABLE ${sql.table(`app.${table}`)} ${sql.raw(on ? "ENABLE" : "DISABLE")} TRIGGER ${sql.id(trigger)}`.execute(
      t.db,
    );
};

const addNode = async (token: string) => {
  const response = await t.call("POST", API.node.root, { token, body: nodeBody(++n) });
  expect(response.status).toBe(201);
  return response.body.data as { _id: string; name: string };
};
const adminList = async () =>
  (await t.call("POST", `${API.node.filterList}?page=1&limit=100`, { token: admin, body: { status: "All" } })).body as {
    docs: { _id: string; name: string; status: string }[];
  };
const nameIn = async (id: string) => (await adminList()).docs.find((node) => node._id === id)?.name;
const rename = (id: string, name: string) => t.db.updateTable("app.node").set({ name }).where("id", "=", id).execute();
/** How long the listener stays without its lost connection before opening it again. */
const DEAF_MS = 5_000;
/** How long nothing may be announced before a test counts on a cached answer staying. */
const QUIET_MS = 250;
/**
 * Waits until every change committed so far has been heard: a status write to the node, announced
 * after them, reaches the live hub only once the announcements before it have been handled. Then waits for a
 * moment in which a cached list stays: a write that commits after a request's answer (one a test did not make
 * itself) would otherwise empty the cache under a test that checks what empties it.
 */
async function settled(id: string) {
  let heard = false;
  const unsubscribe = t.live.subscribe(
    { userType: USER_TYPE.admin },
    (event) => (heard ||= event.topics.includes("node")),
  );
  try {
    await t.db
      .updateTable("app.node")
      .set({ status: sql`status` })
      .where("id", "=", id)
      .execute();
    await waitFor("the node's announcement", () => heard, { timeoutMs: 5_000, intervalMs: 5 });
  } finally {
    unsubscribe();
  }
  await waitFor(
    "a moment with nothing announced",
    async () => {
      await adminList();
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      return t.live.answers.size > 0;
    },
    { timeoutMs: 10_000, intervalMs: 5 },
  );
}

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  // A lost connection comes back after 5 s: the reads a test makes while it is lost end well before, even on a busy machine.
  listener = listenToIndexer({
    databaseUrl: t.config.DATABASE_URL,
    db: t.db,
    hub: t.live,
    log: silentLog(),
    reconnectMs: DEAF_MS,
  });
  await listener.ready;
});
afterAll(async () => {
  await listener?.stop();
  await t?.close();
});

describe("list answers served again until something changes", () => {
  it("serves a list again while nothing is announced, and reads afresh once a change by any writer commits", async () => {
    const owner = await newOperator(t);
    const node = await addNode(owner.token);
    await settled(node._id);
    expect(await nameIn(node._id)).toBe(node.name);

    await renameNodeSilently(t.db, node._id, "Renamed silently");
    expect(await nameIn(node._id)).toBe(node.name);

    await rename(node._id, "Renamed by a job");
    await waitFor("the announcement to empty the cache", () => t.live.answers.size === 0, {
      timeoutMs: 5_000,
      intervalMs: 5,
    });
    expect(await nameIn(node._id)).toBe("Renamed by a job");
  });

  it("empties the cache when this instance answers a write, before its answer: the writer's next read shows the change", async () => {
    const owner = await newOperator(t);
    const node = await addNode(owner.token);
    await adminList();
    await announcing(false);
    try {
      const review = await t.call("POST", API.node.edit, {
        token: admin,
        body: { _id: node._id, status: NODE_STATUS.verified },
      });
      expect(review.status).toBe(200);
      expect((await adminList()).docs.find((row) => row._id === node._id)?.status).toBe(NODE_STATUS.verified);
    } finally {
      await announcing(true);
    }
  });

  it("a POST refused (401 without a session, 404 for no such route or record) leaves a cached list in place; a write done empties it", async () => {
    const owner = await newOperator(t);
    const node = await addNode(owner.token);
    await settled(node._id);
    expect(await nameIn(node._id)).toBe(node.name);
    await renameNodeSilently(t.db, node._id, "Renamed silently");
    expect(
      (await t.call("POST", API.node.edit, { body: { _id: node._id, status: NODE_STATUS.verified } })).status,
    ).toBe(401);
    expect((await t.call("POST", API.operator.logout)).status).toBe(401);
    expect((await t.call("POST", "/api/no-such-route", { token: admin, body: {} })).status).toBe(404);
    expect(
      (
        await t.call("POST", API.node.edit, {
          token: admin,
          body: { _id: "00000000-0000-4000-8000-000000000000", status: NODE_STATUS.verified },
        })
      ).status,
    ).toBe(404);
    expect(t.live.answers.size, "answers kept").toBeGreaterThan(0);
    expect(await nameIn(node._id), "the cached answer").toBe(node.name);
    await announcing(false);
    try {
      expect(
        (await t.call("POST", API.node.edit, { token: admin, body: { _id: node._id, status: NODE_STATUS.verified } }))
          .status,
      ).toBe(200);
      expect(await nameIn(node._id)).toBe("Renamed silently");
    } finally {
      await announcing(true);
    }
  });

  it("a list read by POST is not a write: it leaves the cache as it is", async () => {
    await adminList();
    const size = t.live.answers.size;
    expect(size).toBeGreaterThan(0);
    await adminList();
    expect(t.live.answers.size).toBe(size);
  });

  it("keeps each operator's list their own, and the admin's apart", async () => {
    const [a, b] = [await newOperator(t), await newOperator(t)];
    const [nodeA, nodeB] = [await addNode(a.token), await addNode(b.token)];
    const own = async (token: string) =>
      ((await t.call("GET", `${API.node.root}?page=1&limit=10`, { token })).body.docs as { _id: string }[]).map(
        (node) => node._id,
      );
    for (let round = 0; round < 2; round++) {
      expect(await own(a.token)).toEqual([nodeA._id]);
      expect(await own(b.token)).toEqual([nodeB._id]);
      expect(await own(admin)).toEqual(expect.arrayContaining([nodeA._id, nodeB._id]));
    }
  });

  it("serves nothing again while the connection that hears the announcements is lost, and starts again once it is back", async () => {
    const node = await addNode((await newOperator(t)).token);
    await adminList();
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'pli-api-live' AND datname = current_database()`.execute(
      t.db,
    );
    await waitFor("the lost connection to be noticed", () => t.live.answers.size === 0, {
      timeoutMs: 5_000,
      intervalMs: 5,
    });
    await announcing(false);
    try {
      await rename(node._id, "Renamed while deaf");
      expect(await nameIn(node._id)).toBe("Renamed while deaf");
      await rename(node._id, "Renamed again while deaf");
      expect(await nameIn(node._id)).toBe("Renamed again while deaf");
      await waitFor(
        "the connection to be back and an answer kept",
        async () => (await adminList(), t.live.answers.size > 0),
        { timeoutMs: DEAF_MS + 10_000, intervalMs: 50 },
      );
    } finally {
      await announcing(true);
    }
  });

  it("every portal table announces its writes, but for the quiet ones no answer reads and the announcements themselves", async () => {
    const { rows } = await sql<{ table_name: string; announces: boolean }>`
      SELECT c.relname AS table_name, EXISTS (SELECT 1 FROM pg_trigger tg WHERE tg.tgrelid = c.oid AND tg.tgname = 'announce_change') AS announces
      FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
      WHERE ns.nspname = 'app' AND c.relkind IN ('r', 'p')
    `.execute(t.db);
    const silent = rows.filter((row) => !row.announces).map((row) => row.table_name);
    expect(silent.sort()).toEqual(
      [...QUIET_TABLES, ANNOUNCEMENT_TABLE].filter((table) => rows.some((row) => row.table_name === table)).sort(),
    );
    expect(rows.filter((row) => row.announces).map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["node", "incentive", "operator", "stake_request", "invite", "node_reputation"]),
    );
  });
});
