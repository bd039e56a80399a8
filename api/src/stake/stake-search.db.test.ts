import { sql, type CompiledQuery } from "kysely";
import type { Db } from "../db/database.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { chainTablesSql } from "../../../test/chain-tables.ts";
import { listStakeEvents } from "./events.ts";
import { listPositions } from "./positions.ts";

let t: TestApp;
const hex = (prefix: string, i: number, length: number) =>
  `${prefix}${i.toString(16).padStart(length - prefix.length, "0")}`;
const addressOf = (kind: string, i: number) => hex(`0x${kind}`, i, 42);
const hashOf = (i: number) => hex("0x9a", i * 7919, 66);

/**
 * Positions and events written to the indexer's tables behind its `chain.*` views: 12
 * positions (the first 4 owned by portal operators with portal nodes, the rest known only to the
 * chain), 3 events each.
 */
beforeAll(async () => {
  t = await createTestApp();
  await t.indexerDb.transaction().execute((tx) => sql.raw(chainTablesSql("test_indexer")).execute(tx));
  const statuses = ["Stake", "Unlock", "Withdraw"];
  for (let i = 1; i <= 12; i++) {
    let wallet = addressOf("a1", i);
    const node = addressOf("b2", i);
    if (i <= 4) {
      const owner = await newOperator(t);
      wallet = owner.wallet;
      const { id } = await t.db
        .selectFrom("app.operator")
        .select("id")
        .where("wallet_address", "=", wallet)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto("app.node")
        .values({
          operator_id: id,
          wallet_address: wallet,
          name: `Node Alpha ${i}`,
          provider: "AWS",
          ipaddress: `10.9.0.${i}`,
          os: "Debian",
          ram: 16,
          storage: 400,
          security: "UFW",
          oracle_address: addressOf("c3", i),
          node_address: node,
        })
        .execute();
    }
    await sql`INSERT INTO test_indexer.stake_position VALUES (${wallet}, ${node}, ${statuses[i % 3]}, 1000, now(), now() - ${i} * interval '1 hour', ${hashOf(i)}, NULL, NULL, NULL, NULL, NULL, ${i})`.execute(
      t.db,
    );
    for (let k = 0; k < 3; k++) {
      await sql`INSERT INTO test_indexer.stake_event VALUES (${`e${i}-${k}`}, 'topup', ${wallet}, ${node}, 1, 1, ${hashOf(i * 10 + k)}, ${100 * k + i}, now(), 0)`.execute(
        t.db,
      );
    }
  }
});
afterAll(() => t?.close());

/** The positions matching `q` by the list's definition: ILIKE on email, wallet, node, node name and status. */
async function expectedPositions(q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const { rows } = await sql<{ wallet: string; node: string }>`
    SELECT p.wallet, p.node FROM chain.stake_position AS p LEFT JOIN app.operator AS o ON o.wallet_address = p.wallet LEFT JOIN app.node AS n ON n.node_address = p.node AND n.wallet_address = p.wallet
    WHERE o.email ILIKE ${pattern} OR p.wallet ILIKE ${pattern} OR p.node ILIKE ${pattern} OR n.name ILIKE ${pattern} OR p.status::text ILIKE ${pattern}
    ORDER BY p.last_staked_at DESC, p.wallet, p.node`.execute(t.db);
  return rows.map((row) => `${row.wallet}-${row.node}`);
}

async function expectedEvents(q: string, wallet?: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM chain.stake_event WHERE tx_hash ILIKE ${pattern} AND (${wallet ?? null}::text IS NULL OR wallet = ${wallet ?? null})
    ORDER BY block_number DESC, log_index DESC`.execute(t.db);
  return rows.map((row) => row.id);
}

/** The test database, recording each statement it runs. */
function recordingDb(): { run: CompiledQuery[]; recording: Db } {
  const run: CompiledQuery[] = [];
  const recording = {
    getExecutor: () => t.db.getExecutor(),
    executeQuery: (query: CompiledQuery) => {
      run.push(query);
      return t.db.executeQuery(query);
    },
  } as unknown as Db;
  return { run, recording };
}

describe("stake list searches", () => {
  it("finds the same positions, in the same order and count, as ILIKE over email, wallet, node, node name and status", async () => {
    const emails = await t.db.selectFrom("app.operator").select("email").execute();
    const searches = [
      "",
      emails[0]!.email!.toUpperCase(),
      emails[1]!.email!.slice(3, 12),
      "alpha",
      "ALPHA 3",
      "stake",
      "LOCK",
      "draw",
      "0x",
      "0XA1",
      addressOf("a1", 7),
      addressOf("b2", 9).slice(0, 30),
      "b2",
      "0b",
      "0000000c",
      "x",
      "%",
      "_",
      "nothing-like-it",
      addressOf("c3", 1),
    ];
    for (const q of searches) {
      const expected = await expectedPositions(q);
      const { rows, total } = await listPositions(t.db, { q, page: 1, limit: 100 });
      expect({ q, ids: rows.map((row) => `${row.wallet}-${row.node}`), total }).toEqual({
        q,
        ids: expected,
        total: expected.length,
      });
    }
    const second = await listPositions(t.db, { q: "0x", page: 2, limit: 5 });
    expect({ ids: second.rows.map((row) => `${row.wallet}-${row.node}`), total: second.total }).toEqual({
      ids: (await expectedPositions("0x")).slice(5, 10),
      total: 12,
    });
    expect(await listPositions(t.db, { q: "0x", page: 9, limit: 5 })).toEqual({ rows: [], total: 12 });
  });

  it("reads the admin's unsearched page from the indexer's latest-stake index instead of sorting every position", async () => {
    const { run, recording } = recordingDb();
    const { rows } = await listPositions(recording, { q: "", page: 2, limit: 3 });
    expect(rows.map((row) => `${row.wallet}-${row.node}`)).toEqual((await expectedPositions("")).slice(3, 6));
    const page = run[0]!;
    const plan = await t.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      await sql`SET LOCAL enable_sort = off`.execute(tx);
      const { rows: lines } = await tx.executeQuery<{ "QUERY PLAN": string }>({
        ...page,
        sql: `EXPLAIN ${page.sql}`,
      });
      return lines.map((line) => line["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("stake_position_last_staked_at_wallet_node_index");
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("counts the admin's unsearched total from the indexer's status index instead of reading every position", async () => {
    const { run, recording } = recordingDb();
    await sql`VACUUM ANALYZE test_indexer.stake_position`.execute(t.db);
    expect((await listPositions(recording, { q: "", page: 1, limit: 3 })).total).toBe(12);
    const counted = run.find((query) => /count\(\*\)/.test(query.sql))!;
    const plan = await t.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      const { rows: lines } = await tx.executeQuery<{ "QUERY PLAN": string }>({
        ...counted,
        sql: `EXPLAIN ${counted.sql}`,
      });
      return lines.map((line) => line["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index Only Scan using stake_position_status_index/);
  });

  it("finds the same events as ILIKE on the transaction hash, for all and for one wallet, with the count of all pages", async () => {
    const wallet = addressOf("a1", 8);
    const searches = [
      "",
      hashOf(85).slice(0, 9),
      hashOf(85).toUpperCase(),
      hashOf(51).slice(30, 40),
      "9a",
      "0x9",
      "X9A",
      "0x9b",
      "zz",
      "%",
    ];
    for (const scope of [undefined, wallet]) {
      for (const q of searches) {
        const expected = await expectedEvents(q, scope);
        const { rows, total } = await listStakeEvents(t.db, { q, wallet: scope, page: 1, limit: 100 });
        expect({ q, scope, ids: rows.map((row) => row.id), total }).toEqual({
          q,
          scope,
          ids: expected,
          total: expected.length,
        });
      }
    }
    expect((await listStakeEvents(t.db, { q: "", wallet, page: 2, limit: 2 })).rows.map((row) => row.id)).toEqual(
      (await expectedEvents("", wallet)).slice(2, 4),
    );
    expect(await listStakeEvents(t.db, { q: "", wallet, page: 5, limit: 2 })).toEqual({ rows: [], total: 3 });
  });

  it("names a portal node only on its own wallet's stake, not on another wallet's stake at the same node address", async () => {
    const node = addressOf("b2", 1);
    const stranger = addressOf("a1", 99);
    await sql`INSERT INTO test_indexer.stake_position VALUES (${stranger}, ${node}, 'Stake', 1000, now(), now() + interval '1 hour', ${hashOf(99)}, NULL, NULL, NULL, NULL, NULL, 99)`.execute(
      t.db,
    );
    await sql`INSERT INTO test_indexer.stake_event VALUES ('e99', 'stake', ${stranger}, ${node}, 1000, 1000, ${hashOf(990)}, 990, now(), 0)`.execute(
      t.db,
    );
    const { rows } = await listPositions(t.db, { q: node, page: 1, limit: 10 });
    const named = Object.fromEntries(rows.map((row) => [row.wallet, row.node_name]));
    expect(named[stranger]).toBeNull();
    expect(Object.values(named).filter((name) => name === "Node Alpha 1")).toHaveLength(1);
    const alpha = await listPositions(t.db, { q: "alpha 1", page: 1, limit: 10 });
    expect(alpha.rows.map((row) => row.wallet)).not.toContain(stranger);
    const events = await listStakeEvents(t.db, { q: hashOf(990), page: 1, limit: 10 });
    expect(events.rows.map((row) => row.node_id)).toEqual([null]);
  });
});
