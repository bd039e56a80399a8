import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { captureLogs } from "../../test/logs.ts";
import { addressOf, newOperator } from "../../test/nodes.ts";
import type { Db } from "../db/database.ts";
import * as nodeSearchTable from "../db/migrations/0031_node-search-table.ts";
import { listenToIndexer } from "../live/index.ts";
import { listNodePage, type TableFacts } from "./list.ts";
import { NODE_TAB_ALL, NODE_TABS, type NodeTab } from "./rules.ts";

let t: TestApp;
const logs = captureLogs();
const owners: { id: string; email: string }[] = [];
const NODES = 1200;

/**
 * 1,200 nodes of 4 operators, written in one statement: providers, OSes, networks and statuses spread
 * over them, every tenth pair of nodes created at the same moment (the id then orders them).
 */
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 4; i++) {
    const { wallet, email } = await newOperator(t);
    const { id } = await t.db
      .selectFrom("app.operator")
      .select("id")
      .where("wallet_address", "=", wallet)
      .executeTakeFirstOrThrow();
    owners.push({ id, email });
  }
  await sql`
    INSERT INTO app.node (operator_id, wallet_address, name, provider, other_provider, ipaddress, os, ram, storage, security,
                          oracle_address, node_address, network, status, created_at, updated_at)
    SELECT o.id, o.wallet_address, 'Node ' || i, (ARRAY['AWS', 'Contabo', 'Vultr', 'Others'])[1 + i % 4],
           CASE WHEN i % 4 = 3 THEN 'Hetzner ' || i % 3 END, '10.1.' || i / 256 || '.' || i % 256,
           (ARRAY['Ubuntu 22.04', 'Debian 12', 'Rocky Linux 9'])[1 + i % 3], (ARRAY[16, 32, 64])[1 + i % 3],
           (ARRAY[400, 500, 1000, 2000])[1 + i % 4], (ARRAY['UFW', 'iptables', 'fail2ban'])[1 + i % 3],
           ${sql.lit(addressOf(0, "0a").slice(0, 4))} || lpad(to_hex(i), 38, '0'),
           ${sql.lit(addressOf(0, "0b").slice(0, 4))} || lpad(to_hex(i), 38, '0'),
           (ARRAY['XDC Mainnet', 'Apothem', NULL])[1 + i % 3],
           (ARRAY['Pending', 'Verified', 'Return', 'Approved', 'Active', 'De-Active'])[1 + i % 6],
           now() - (i - i % 10 / 9) * interval '1 hour', now()
    FROM generate_series(1, ${NODES}::int) AS i
    JOIN LATERAL (SELECT * FROM app.operator WHERE id = (${sql.val(owners.map((owner) => owner.id))}::uuid[])[1 + i % 4]) AS o ON true
  `.execute(t.db);
  await sql`ANALYZE app.node`.execute(t.db);
});
afterAll(() => t?.close());

/**
 * The nodes matching `q` by the list's definition, newest first: ILIKE on the spec 3 search fields and the owner's
 * email, over app.node itself.
 */
async function expected(q: string, ownerId?: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const fields = [
    "provider",
    "other_provider",
    "ipaddress",
    "os",
    "ram",
    "storage",
    "security",
    "oracle_address",
    "network",
  ];
  const { rows } = await sql<{ id: string; status: string }>`
    SELECT n.id, n.status FROM app.node AS n JOIN app.operator AS o ON o.id = n.operator_id
    WHERE (${sql.join(
      [...fields, "status"].map((field) => sql`n.${sql.ref(field)}::text ILIKE ${pattern}`),
      sql` OR `,
    )} OR o.email ILIKE ${pattern})
      AND (${ownerId ?? null}::uuid IS NULL OR n.operator_id = ${ownerId ?? null})
    ORDER BY n.created_at DESC, n.id`.execute(t.db);
  const counts = Object.fromEntries(NODE_TABS.map((tab) => [tab, 0])) as Record<NodeTab, number>;
  for (const row of rows) counts[row.status as NodeTab] += 1;
  counts[NODE_TAB_ALL] = rows.length;
  return { rows, counts };
}

/** How the lists keep their search facts: read every time unless a test gives the answer cache's. */
let tableFacts: TableFacts | undefined;

const listed = (db: Db, q: string, tab: NodeTab, page: number, limit: number, ownerId?: string) =>
  listNodePage(db, { q, tab, page, limit, now: new Date(), ...(ownerId ? { ownerId } : {}) }, tableFacts);

/** Every tab's first page of every node, one middle page of 7 and the counts equal the plain ILIKE's. */
async function expectSameAsIlike(q: string, ownerId?: string) {
  const want = await expected(q, ownerId);
  for (const tab of NODE_TABS) {
    const ids = want.rows.filter((row) => tab === NODE_TAB_ALL || row.status === tab).map((row) => row.id);
    const first = await listed(t.db, q, tab, 1, NODES, ownerId);
    const second = await listed(t.db, q, tab, 2, 7, ownerId);
    expect({ q, tab, ids: first.rows.map((row) => row.id), counts: first.counts }).toEqual({
      q,
      tab,
      ids,
      counts: want.counts,
    });
    expect({ q, tab, ids: second.rows.map((row) => row.id), counts: second.counts }).toEqual({
      q,
      tab,
      ids: ids.slice(7, 14),
      counts: want.counts,
    });
  }
  return want.rows.length;
}

/**
 * Adds a node, changes its fields, its status and its owner's email, and deletes it, each write run through `written`,
 * and checks after each that the searches show it as the plain ILIKE does (`tag` makes each run's new email its own).
 */
async function changesShown(written: (write: () => Promise<unknown>) => Promise<void>, tag: string) {
  const owner = owners[3]!;
  const { email } = await t.db
    .selectFrom("app.operator")
    .select("email")
    .where("id", "=", owner.id)
    .executeTakeFirstOrThrow();
  let id = "";
  await written(async () => {
    ({ id } = await t.db
      .insertInto("app.node")
      .values({
        operator_id: owner.id,
        wallet_address: "0x" + "d".repeat(40),
        name: "Fresh",
        provider: "Scaleway",
        ipaddress: "192.168.77.1",
        os: "NixOS",
        ram: 24,
        storage: 750,
        security: "nftables",
        oracle_address: addressOf(77, "0c"),
        node_address: addressOf(77, "0d"),
      })
      .returning("id")
      .executeTakeFirstOrThrow());
  });
  const terms = ["scaleway", "nixos", "192.168.77", addressOf(77, "0c"), "0x0c", "contabo", email!, "pending"];
  const check = async () => {
    for (const q of terms) await expectSameAsIlike(q);
  };
  expect(await expectSameAsIlike("scaleway")).toBe(1);
  await check();
  await written(() =>
    t.db
      .updateTable("app.node")
      .set({ provider: "Contabo", ipaddress: "192.168.78.1", oracle_address: addressOf(78, "0c") })
      .where("id", "=", id)
      .execute(),
  );
  expect(await expectSameAsIlike("scaleway")).toBe(0);
  expect(await expectSameAsIlike(addressOf(78, "0c"))).toBe(1);
  await check();
  await written(() => t.db.updateTable("app.node").set({ status: "Active" }).where("id", "=", id).execute());
  await check();
  const moved = `moved-${tag}-${owner.id}@example.org`;
  await written(() => t.db.updateTable("app.operator").set({ email: moved }).where("id", "=", owner.id).execute());
  expect(await expectSameAsIlike(email!)).toBe(0);
  expect(await expectSameAsIlike(moved.toUpperCase())).toBe(NODES / 4 + 1);
  await written(() => t.db.deleteFrom("app.node").where("id", "=", id).execute());
  expect(await expectSameAsIlike(addressOf(78, "0c"))).toBe(0);
  await check();
}

describe("node list searches", () => {
  it("finds the same nodes, in the same order, pages and tab counts, as ILIKE over the search fields and the owner's email", async () => {
    const searches = [
      "",
      "contabo",
      "CONTABO",
      "aws",
      "hetzner 2",
      "0x",
      "0X0A",
      addressOf(0, "0a").slice(0, 4) + "0".repeat(30),
      "10.1.",
      "ubuntu",
      "22",
      "500",
      "active",
      "De-Act",
      "pending",
      "apothem",
      "xdc",
      owners[0]!.email.toUpperCase(),
      owners[1]!.email.slice(3, 14),
      "@",
      "example.com",
      "%",
      "_",
      "\\",
      "nothing-like-it",
    ];
    const found: Record<string, number> = {};
    for (const q of searches) found[q] = await expectSameAsIlike(q);
    for (const q of ["contabo", "0x", owners[2]!.email, "active"]) await expectSameAsIlike(q, owners[2]!.id);
    expect(found).toMatchObject({ contabo: NODES / 4, "0x": NODES, "": NODES, "@": NODES, "nothing-like-it": 0 });
  });

  it("answers at once after a node is added, its fields, status or owner's email change, or it is deleted", () =>
    changesShown(async (write) => void (await write()), "direct"));

  it("keeps a search's pages and counts in the answer cache until app.node_search changes, then shows each change", async () => {
    const listener = listenToIndexer({ databaseUrl: t.config.DATABASE_URL, db: t.db, hub: t.live, log: logs.log });
    await listener.ready;
    tableFacts = (key, tables, read) => t.live.answers.tableFact(key, tables, read);
    let writes = 0;
    try {
      await changesShown(async (write) => {
        let probes = 0;
        const key = `probe ${++writes}`;
        const probe = () => t.live.answers.answer(key, async () => ++probes);
        await probe();
        await write();
        await waitFor("the change relayed", async () => (await probe()) > 1 || undefined, {
          timeoutMs: 5_000,
          intervalMs: 5,
        });
      }, "cached");
    } finally {
      tableFacts = undefined;
      await listener.stop();
    }
    expect(logs.errors()).toEqual([]);
  });

  it("reads app.node only for the page's rows when a broad search matches every node", async () => {
    const fetchedNodeBlocks = (tx: Db) =>
      sql<{ blocks: string }>`SELECT pg_stat_get_xact_blocks_fetched('app.node'::regclass) AS blocks`
        .execute(tx)
        .then(({ rows }) => Number(rows[0]!.blocks));
    // Vacuumed, the table's pages are all-visible: the planner's look at an index's ends then reads none of them. A
    // transaction of the app's own background work running during the VACUUM can keep a page from being marked so:
    // the planner then reads at most one page at each end of the index, never the table.
    await sql`VACUUM app.node`.execute(t.db);
    const fetched = await t.db.transaction().execute(async (tx) => {
      const before = await fetchedNodeBlocks(tx);
      const page = await listed(tx, "0x", NODE_TAB_ALL, 1, 5);
      expect({ rows: page.rows.length, all: page.counts[NODE_TAB_ALL] }).toEqual({ rows: 5, all: NODES });
      return (await fetchedNodeBlocks(tx)) - before;
    });
    const { rows } = await sql<{
      pages: number;
    }>`SELECT relpages AS pages FROM pg_class WHERE oid = 'app.node'::regclass`.execute(t.db);
    expect(rows[0]!.pages).toBeGreaterThan(20);
    expect(fetched).toBeLessThanOrEqual(5 + 2);
  });

  it("migrates down to app.node's own trigram index and up again with every node copied", async () => {
    const indexOf = async () =>
      (
        await sql<{
          table: string;
        }>`SELECT indrelid::regclass::text AS table FROM pg_index WHERE indexrelid = 'app.node_search_text_idx'::regclass`.execute(
          t.db,
        )
      ).rows[0]?.table;
    await nodeSearchTable.down(t.db);
    expect(await indexOf()).toBe("app.node");
    await nodeSearchTable.up(t.db);
    expect(await indexOf()).toBe("app.node_search");
    expect(await expectSameAsIlike("contabo")).toBe(NODES / 4);
    expect(await expectSameAsIlike("0x")).toBe(NODES);
  });
});
