import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient, sql } from "@ponder/client";
import { sql as kyselySql } from "kysely";
import type pg from "pg";
import type { TransactionReceipt } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { applyAnalystAccess } from "@pli/api/db/analyst-access";
import { createDb } from "@pli/api/db/database";
import { migrateDatabase } from "@pli/api/db/roles";
import { matchPayments } from "@pli/api/incentive";
import { connectAsAnalyst, failureCode } from "../../test/analyst.ts";
import { docTable, quotedNames } from "../../test/docs.ts";
import { asRole } from "../../test/roles.ts";
import * as schema from "../ponder.schema.ts";
import { seedOffChainFacts } from "./analyst-data.ts";
import { chainFixture, NODE_A, NODE_B, pli, type ChainFixture } from "./fixture.ts";

const INSUFFICIENT_PRIVILEGE = "42501";
/** Every table of indexer/ponder.schema.ts and Ponder's two bookkeeping tables, as `chain` views. */
const CHAIN_VIEWS = [
  "_ponder_checkpoint",
  "_ponder_meta",
  "farm_caps",
  "feed_price",
  "operator",
  "reward_deposit",
  "reward_payment",
  "reward_pool",
  "safe_approval",
  "safe_execution",
  "safe_owner",
  "safe_state",
  "stake_event",
  "stake_limit_change",
  "stake_limits",
  "stake_position",
  "whitelist",
];
const PAID_DATE_KEY = 20261101n;

/** The fenced `lang` blocks of the analysts' manual, docs/analysts.md. */
function analystDocBlocks(lang: string): string[] {
  const manual = readFileSync(path.resolve(import.meta.dirname, "../../docs/analysts.md"), "utf8");
  return [...manual.matchAll(new RegExp(`\`\`\`${lang}\n([\\s\\S]*?)\`\`\``, "g"))].map((match) => match[1]!);
}

let f: ChainFixture;
let analyst: pg.Client;
let payout: TransactionReceipt;
let nodeIds: string[];
const lower = (value: string) => value.toLowerCase();

beforeAll(async () => {
  f = await chainFixture();
  const ownerDb = createDb(asRole(f.databaseUrl, "owner"), 1);
  try {
    await migrateDatabase(ownerDb);
    await applyAnalystAccess(ownerDb, "analyst-test-password-0123");
  } finally {
    await ownerDb.destroy();
  }
  await f.startIndexer();
  const owner = f.as("owner");
  const validator = f.as("validator");
  ({ nodeIds } = await seedOffChainFacts(f.db, {
    wallet: validator.address,
    nodes: [NODE_A, NODE_B],
    incentives: [
      { node: NODE_A, date: "2026-11-01", token: pli(100) },
      { node: NODE_B, date: "2026-11-01", token: pli(120) },
    ],
  }));
  await f.mined(owner.staking.write.setOperator([f.as("standby").address, true]));
  await f.mined(owner.staking.write.whiteListIt([validator.address, NODE_A]));
  await f.mined(owner.staking.write.whiteListIt([validator.address, NODE_B]));
  await f.fund("validator", pli(200_000));
  await f.mined(validator.staking.write.stakeTokens([pli(50_000), NODE_A]));
  await f.mined(validator.staking.write.stakeTokens([pli(60_000), NODE_B]));
  await f.fund("owner", pli(1_000));
  await f.mined(owner.staking.write.depositReward([pli(1_000)]));
  payout = await f.mined(owner.staking.write.payRewards([[validator.address], [pli(100)], [PAID_DATE_KEY], [NODE_A]]));
  await f.synced();
  await matchPayments(f.db);
  analyst = await connectAsAnalyst(f.databaseUrl);
});

afterAll(async () => {
  await analyst?.end();
  await f?.stop();
});

describe("the analyst role on an indexed chain", () => {
  it("reads every chain view the indexer published after the grants, and writes through none", async () => {
    const { rows } = await kyselySql<{
      name: string;
    }>`SELECT table_name AS name FROM information_schema.views WHERE table_schema = 'chain' ORDER BY table_name`.execute(
      f.db,
    );
    expect(rows.map((row) => row.name)).toEqual(CHAIN_VIEWS);
    for (const view of CHAIN_VIEWS) {
      const { rowCount } = await analyst.query(`SELECT * FROM chain.${view}`);
      if (view === "feed_price") expect(rowCount, "no price is kept without PRICE_FEED_ADDRESS").toBe(0);
      else if (view.startsWith("safe_")) expect(rowCount, "no Safe is followed without SAFE_ADDRESS").toBe(0);
      else expect(rowCount, view).toBeGreaterThan(0);
    }
    for (const statement of [
      "UPDATE chain.stake_position SET total_staked = 0",
      "DELETE FROM chain.reward_payment",
      "INSERT INTO chain.reward_pool (contract_address, deposited, paid, balance, block_number, updated_at) VALUES ('0x', 0, 0, 0, 0, now())",
      `SELECT * FROM ${f.indexer.schema}.stake_position`,
      "CREATE TABLE chain.mine (id int)",
    ]) {
      expect(await failureCode(analyst, statement), statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
  });

  it("sees nodes with their stake on the chain and incentives paid as the API matched them, without private fields", async () => {
    const nodes = await analyst.query(
      "SELECT id, provider, other_provider, stake_status, staked_wei, approved_at FROM analytics.nodes ORDER BY name",
    );
    expect(nodes.rows).toMatchObject([
      { id: nodeIds[0], provider: "AWS", stake_status: "Stake", staked_wei: pli(50_000).toString() },
      {
        id: nodeIds[1],
        provider: "Others",
        other_provider: "Hetzner",
        stake_status: "Stake",
        staked_wei: pli(60_000).toString(),
      },
    ]);
    expect(nodes.rows.every((row: { approved_at: Date | null }) => row.approved_at instanceof Date)).toBe(true);
    const paidAt = new Date(
      Number((await f.publicClient.getBlock({ blockNumber: payout.blockNumber })).timestamp) * 1000,
    );
    const incentives = await analyst.query(
      "SELECT node_id, status, paid_tx, paid_at, paid_amount_wei, accrued_month::text FROM analytics.incentives ORDER BY node_address",
    );
    expect(incentives.rows).toEqual([
      {
        node_id: nodeIds[0],
        status: "Paid",
        paid_tx: payout.transactionHash,
        paid_at: paidAt,
        paid_amount_wei: pli(100).toString(),
        accrued_month: "2026-10-01",
      },
      {
        node_id: nodeIds[1],
        status: "UnPaid",
        paid_tx: null,
        paid_at: null,
        paid_amount_wei: null,
        accrued_month: "2026-10-01",
      },
    ]);
    const days = await analyst.query(
      "SELECT day::text, probes, answered, inactive FROM analytics.node_days ORDER BY day",
    );
    expect(days.rows).toEqual([
      { day: "2026-10-01", probes: 96, answered: 90, inactive: false },
      { day: "2026-10-02", probes: 96, answered: 20, inactive: true },
    ]);
    const other = await analyst.query(
      "SELECT (SELECT count(*) FROM analytics.requests)::int AS requests, (SELECT count(*) FROM analytics.jobs)::int AS jobs",
    );
    expect(other.rows).toEqual([{ requests: 1, jobs: 1 }]);
    const everything = JSON.stringify((await analyst.query("SELECT * FROM analytics.nodes, analytics.jobs")).rows);
    for (const secret of [
      "analyst-fixture@example.com",
      "JBSWY3DPEHPK3PXP",
      "203.0.113.",
      "private review notes",
      "key=secret",
    ])
      expect(everything).not.toContain(secret);
  });
});

describe("docs/analysts.md", () => {
  it("answers each example question in SQL as the analyst role", async () => {
    const blocks = analystDocBlocks("sql");
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    for (const block of blocks) expect((await analyst.query(block)).rowCount, block).toBeGreaterThan(0);
  });

  it("answers its GraphQL example", async () => {
    const [query] = analystDocBlocks("graphql");
    const response = await fetch(`${f.indexer.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { data?: { stakePositions: { items: unknown[] } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.stakePositions.items).toHaveLength(2);
  });

  it("names each view of the chain and analytics schemas with exactly its columns", async () => {
    const { rows } = await analyst.query<{ schema: string; view: string; column: string }>(
      `SELECT table_schema AS schema, table_name AS view, column_name AS column FROM information_schema.columns
       WHERE table_schema IN ('chain', 'analytics')`,
    );
    for (const [schema, heading] of [
      ["chain", "## The `chain` views"],
      ["analytics", "## The `analytics` views"],
    ] as const) {
      const columnsOf = (view: string) =>
        rows.filter((row) => row.schema === schema && row.view === view).map((row) => row.column);
      const table = docTable("analysts.md", heading);
      const documentedViews = table.flatMap(([views]) => quotedNames(views!, /^[a-z_]+$/));
      expect(documentedViews.toSorted(), `the ${schema} views`).toEqual(
        [...new Set(rows.filter((row) => row.schema === schema).map((row) => row.view))].sort(),
      );
      for (const [views, columns] of table) {
        // A description may name a column before the list does; it counts once.
        const documented = [...new Set(quotedNames(columns!, /^[a-z_][a-z0-9_]*$/))];
        // Ponder's bookkeeping views are described, not listed column by column.
        if (documented.length === 0) continue;
        for (const view of quotedNames(views!, /^[a-z_]+$/))
          expect(documented.toSorted(), `${schema}.${view}`).toEqual(columnsOf(view).sort());
      }
    }
  });
});

describe("the indexer's SQL over HTTP and GraphQL", () => {
  it("answers @ponder/client queries at /sql, live ones too, and refuses writes", async () => {
    const client = createClient(`${f.indexer.url}/sql`, { schema });
    type Position = { wallet: string; status: string; total_staked: string };
    const position = (db: typeof client.db) =>
      db.execute<Position>(sql`SELECT wallet, status, total_staked FROM stake_position WHERE node = ${NODE_A}`);
    expect(await position(client.db)).toEqual([
      { wallet: lower(f.as("validator").address), status: "Stake", total_staked: pli(50_000).toString() },
    ]);

    await vi.waitFor(async () => expect((await fetch(`${f.indexer.url}/sql/live`)).status).toBe(400), {
      timeout: 10_000,
      interval: 200,
    });
    const updates: Position[][] = [];
    const errors: Error[] = [];
    const live = client.live(
      position,
      (rows) => updates.push(rows),
      (error) => errors.push(error),
    );
    let topups = 0;
    try {
      await vi.waitFor(
        async () => {
          if (updates.length === 0 && topups < 10) {
            topups++;
            await f.mined(f.as("validator").staking.write.topupStake([pli(1_000), NODE_A]));
          }
          expect(updates.length).toBeGreaterThan(0);
        },
        { timeout: 30_000, interval: 500 },
      );
    } finally {
      live.unsubscribe();
    }
    expect(errors).toEqual([]);
    expect(BigInt(updates.at(-1)![0]!.total_staked)).toBeGreaterThan(pli(50_000));

    for (const write of [
      sql`DELETE FROM stake_position`,
      sql`UPDATE stake_position SET total_staked = 0`,
      sql`CREATE TABLE mine (id int)`,
    ]) {
      await expect(client.db.execute(write)).rejects.toThrow(/not supported|Invalid query/);
    }
    expect((await position(client.db))[0]!.total_staked).toBe(pli(50_000 + 1_000 * topups).toString());
  });

  it("answers GraphQL queries at /graphql", async () => {
    const response = await fetch(`${f.indexer.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `{ stakePositions(where: { node: "${NODE_B}" }) { items { node status totalStaked } } rewardPayments { items { dateKey amount txHash } } }`,
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        stakePositions: { items: [{ node: NODE_B, status: "Stake", totalStaked: pli(60_000).toString() }] },
        rewardPayments: {
          items: [{ dateKey: PAID_DATE_KEY.toString(), amount: pli(100).toString(), txHash: payout.transactionHash }],
        },
      },
    });
  });
});
