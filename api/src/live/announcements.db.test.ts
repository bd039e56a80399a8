import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { addressOf, newOperator } from "../../test/nodes.ts";
import { readAccountFacts } from "../auth/index.ts";
import { API, USER_TYPE } from "../public-contract/index.ts";
import { ANNOUNCEMENT_RETENTION_MINUTES } from "./announcements.ts";
import type { LiveEvent } from "./schema.ts";
import { saveSettings } from "../setting/index.ts";
import { LiveHub } from "./hub.ts";
import { listenToIndexer } from "./indexer-listener.ts";
import { captureLogs } from "../../test/logs.ts";

let t: TestApp;
let listener: ReturnType<typeof listenToIndexer>;
const logs = captureLogs();

beforeAll(async () => {
  t = await createTestApp();
  listener = listenToIndexer({
    databaseUrl: t.config.DATABASE_URL,
    db: t.db,
    hub: t.live,
    log: logs.log,
  });
  await listener.ready;
});
afterAll(async () => {
  await listener?.stop();
  await t?.close();
});

/** An operator with a stream in the hub for their current session; `ended()` tells whether the hub ended it. */
async function operatorStream() {
  const operator = await newOperator(t);
  const id = (await t.call("GET", API.operator.root, { token: operator.token })).body._id as string;
  const { version } = (await readAccountFacts(t.db, USER_TYPE.user, id))!;
  let ended = false;
  t.live.subscribe({ userType: USER_TYPE.user, wallet: operator.wallet }, () => undefined, {
    accountId: id,
    version,
    exp: Date.now() / 1000 + 3600,
    end: () => (ended = true),
  });
  return { id, ended: () => ended };
}

const endSessions = (db: typeof t.db, id: string) =>
  db
    .updateTable("app.operator")
    .set({ session_version: sql`session_version + 1` })
    .where("id", "=", id)
    .execute();

describe("the database's announcements", () => {
  it("are all relayed, one written first but committed after a later one's included", async () => {
    const [first, second] = [await operatorStream(), await operatorStream()];

    let commitFirst: (() => void) | undefined;
    const firstCommitted = t.db.transaction().execute(async (trx) => {
      await endSessions(trx, first.id);
      await new Promise<void>((resolve) => (commitFirst = resolve));
    });
    await waitFor("the first change written", () => commitFirst !== undefined, { timeoutMs: 5_000, intervalMs: 5 });
    await endSessions(t.db, second.id);
    await waitFor("the second change relayed", () => second.ended(), { timeoutMs: 5_000, intervalMs: 5 });
    expect(first.ended(), "nothing of the first before it commits").toBe(false);

    commitFirst!();
    await firstCommitted;
    await waitFor("the first change relayed once it commits", () => first.ended(), { timeoutMs: 5_000, intervalMs: 5 });
    expect(logs.errors()).toEqual([]);
  });

  it("are deleted once older than the retention, by the next listener that reads them", async () => {
    const kept = await sql<{
      id: string;
    }>`INSERT INTO app.announcement (kind) VALUES ('change') RETURNING id::text`.execute(t.db);
    const old = await sql<{ id: string }>`
      INSERT INTO app.announcement (kind, created_at) VALUES ('change', now() - make_interval(mins => ${ANNOUNCEMENT_RETENTION_MINUTES + 1})) RETURNING id::text
    `.execute(t.db);
    const another = listenToIndexer({
      databaseUrl: t.config.DATABASE_URL,
      db: t.db,
      hub: new LiveHub(),
      log: logs.log,
    });
    await another.ready;
    await another.stop();
    const left = await sql<{
      id: string;
    }>`SELECT id::text FROM app.announcement WHERE id IN (${kept.rows[0]!.id}::bigint, ${old.rows[0]!.id}::bigint)`.execute(
      t.db,
    );
    expect(left.rows.map((row) => row.id)).toEqual([kept.rows[0]!.id]);
    expect(logs.errors()).toEqual([]);
  });

  it("tell every open stream that the site settings changed, an operator's included", async () => {
    const operator = await newOperator(t);
    const heard: LiveEvent[] = [];
    const unsubscribe = t.live.subscribe({ userType: USER_TYPE.user, wallet: operator.wallet }, (event) =>
      heard.push(event),
    );
    await saveSettings(t.db, { applicationName: "Acme Validators", multiplyOf: 1000n, incentivePercentage: 2.5 });
    await waitFor("the settings change relayed", () => heard.length > 0 || undefined, { timeoutMs: 5_000 });
    unsubscribe();
    expect(heard.map((event) => event.topics)).toEqual([["setting"]]);
    expect(heard[0]!.wallets).toEqual([]);
  });

  it("name their tables: a fact of the node search is read again once app.node_search changes, not for other writes", async () => {
    const operator = await newOperator(t);
    const { id: operatorId } = await t.db
      .selectFrom("app.operator")
      .select("id")
      .where("wallet_address", "=", operator.wallet.toLowerCase())
      .executeTakeFirstOrThrow();
    let reads = 0;
    const fact = () => t.live.answers.tableFact("node-search", ["node_search"], async () => ++reads);
    /**
     * Runs `write` to app.`table` and waits until this instance has read the write's announcement: a fact of that table
     * alone is read again. A fact of any answer would also be emptied by an earlier write's announcement read late.
     */
    let writes = 0;
    const relayed = async (table: string, write: () => Promise<unknown>) => {
      let probes = 0;
      const key = `probe ${++writes}`;
      const probe = () => t.live.answers.tableFact(key, [table], async () => ++probes);
      await probe();
      await write();
      await waitFor("the change relayed", async () => (await probe()) > 1 || undefined, {
        timeoutMs: 15_000,
        intervalMs: 5,
      });
    };
    expect(await fact()).toBe(1);
    await relayed("setting", () =>
      saveSettings(t.db, { applicationName: "Acme Validators", multiplyOf: 1000n, incentivePercentage: 2.5 }),
    );
    expect(await fact(), "a settings write keeps it").toBe(1);
    let nodeId = "";
    await relayed("node", async () => {
      ({ id: nodeId } = await t.db
        .insertInto("app.node")
        .values({
          operator_id: operatorId,
          wallet_address: operator.wallet.toLowerCase(),
          name: "Searched",
          provider: "Contabo",
          ipaddress: "198.51.100.91",
          os: "Ubuntu",
          ram: 32,
          storage: 500,
          security: "1",
          oracle_address: addressOf(91, "0a"),
          node_address: addressOf(91, "0b"),
        })
        .returning("id")
        .executeTakeFirstOrThrow());
    });
    expect(await fact(), "a node added").toBe(2);
    await relayed("node", () =>
      t.db.updateTable("app.node").set({ name: "Renamed" }).where("id", "=", nodeId).execute(),
    );
    expect(await fact(), "a rename, outside the search text, keeps it").toBe(2);
    await relayed("operator", () =>
      t.db.updateTable("app.operator").set({ email: "renamed@example.com" }).where("id", "=", operatorId).execute(),
    );
    expect(await fact(), "the owner's email, in the search text").toBe(3);
    await relayed("node", () =>
      t.db.updateTable("app.node").set({ status: "Verified" }).where("id", "=", nodeId).execute(),
    );
    expect(await fact(), "a review").toBe(4);
    await relayed("node", () => t.db.deleteFrom("app.node").where("id", "=", nodeId).execute());
    expect(await fact(), "a node deleted").toBe(5);
  });
});
