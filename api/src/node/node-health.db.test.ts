import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { addressOf, newOperator } from "../../test/nodes.ts";
import { recordChecks, runProbeRound } from "../node-monitor/index.ts";
import { NODE_STATUS } from "../public-contract/domain.ts";
import { listNodePage } from "./list.ts";
import { toNodeResponse } from "./repository.ts";
import { NODE_HEALTH, NODE_TAB_ALL, stoppedAnswering } from "./rules.ts";

let t: TestApp;
let ownerId: string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The list's time: 09:30 UTC, so the window's first day is cut at 09:30 and today runs to 09:30. */
const AT = new Date("2026-10-31T09:30:00.000Z");
/** Every 3 hours from 00:30 UTC, 4 days before the window to 3 hours after AT: checks fall exactly on the window's start, on AT - 24 h and on AT. */
const grid = (from: string, to: string) => {
  const times: Date[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += 3 * HOUR) times.push(new Date(time));
  return times;
};
const everyThreeHours = grid("2026-09-27T00:30:00Z", "2026-10-31T12:30:00Z");

type Name = "mixed" | "quietToday" | "never" | "firstDayOnly" | "unchecked";

/** The nodes' checks, each a list of [time, answered]. */
const CHECKS: Record<Name, [Date, boolean][]> = {
  /** Answers three checks in four, today and on both ends of the window included. */
  mixed: everyThreeHours.map((time, k) => [time, k % 4 !== 1]),
  /** Answered until 20 October, checked until 30 October 06:30, before the last 24 hours: nothing today. */
  quietToday: everyThreeHours
    .filter((time) => time <= new Date("2026-10-30T06:30:00Z"))
    .map((time) => [time, time < new Date("2026-10-20T12:00:00Z")]),
  /** Never answers. */
  never: everyThreeHours.map((time) => [time, false]),
  /** Checked only around the window's start: exactly on it, then twice on the first day, the last unanswered. */
  firstDayOnly: [
    [new Date("2026-09-30T23:00:00Z"), true],
    [new Date(AT.getTime() - NODE_HEALTH.keepDays * DAY), true],
    [new Date("2026-10-01T10:30:00Z"), true],
    [new Date("2026-10-01T23:59:59.999Z"), false],
  ],
  /** Never checked. */
  unchecked: [],
};
const ids: Partial<Record<Name, string>> = {};

/**
 * The health of `checks` at `at` by its definition, over the checks themselves: uptime over (at - 24 h, at] and
 * (at - 30 days, at], the newest answer and check in the 30 days, today's misses (UTC) up to `at`.
 */
function definition(checks: [Date, boolean][], at: Date) {
  const upTo = checks.filter(([time]) => time <= at);
  const within = (ms: number) => upTo.filter(([time]) => time.getTime() > at.getTime() - ms);
  const uptime = (window: [Date, boolean][]) => {
    const answered = window.filter(([, ok]) => ok).length;
    return { answered, checks: window.length, ratio: window.length === 0 ? null : answered / window.length };
  };
  const month = within(NODE_HEALTH.keepDays * DAY);
  const newest = (window: [Date, boolean][]) =>
    window.length === 0 ? null : new Date(Math.max(...window.map(([time]) => time.getTime()))).toISOString();
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const latest = [...upTo].sort(([a], [b]) => b.getTime() - a.getTime()).map(([, ok]) => ok);
  return {
    uptime24h: uptime(within(DAY)),
    uptime30d: uptime(month),
    lastAnsweredAt: newest(month.filter(([, ok]) => ok)),
    lastCheckedAt: newest(month),
    missedToday: month.filter(([time, ok]) => !ok && time.getTime() >= midnight).length,
    down: stoppedAnswering(NODE_STATUS.pending, latest),
  };
}

const listedHealth = async () => {
  const page = await listNodePage(t.db, { q: "", ownerId, tab: NODE_TAB_ALL, page: 1, limit: 10, now: AT });
  return Object.fromEntries(
    page.rows.map((row) => [row.name, toNodeResponse(row, { forOwner: true }).health] as const),
  );
};
const expectedHealth = () =>
  Object.fromEntries(Object.entries(CHECKS).map(([name, checks]) => [name, definition(checks, AT)] as const)) as Record<
    Name,
    ReturnType<typeof definition>
  >;

/**
 * Pending nodes (the monitor checks none of them, so a monitor round here only prunes) whose checks are kept as the
 * monitor keeps them (recordChecks: each check and its UTC day's count in one statement).
 */
beforeAll(async () => {
  t = await createTestApp();
  const { wallet } = await newOperator(t);
  ownerId = (
    await t.db.selectFrom("app.operator").select("id").where("wallet_address", "=", wallet).executeTakeFirstOrThrow()
  ).id;
  let n = 0;
  for (const name of Object.keys(CHECKS)) {
    n++;
    const node = await t.db
      .insertInto("app.node")
      .values({
        operator_id: ownerId,
        wallet_address: wallet.toLowerCase(),
        name,
        provider: "AWS",
        ipaddress: `10.9.0.${n}`,
        os: "Ubuntu 24.04",
        ram: 32,
        storage: 500,
        security: "2026-11",
        oracle_address: addressOf(n, "0a"),
        node_address: addressOf(n, "0b"),
        status: NODE_STATUS.pending,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[name as Name] = node.id;
  }
  const checks = Object.entries(CHECKS).flatMap(([name, list]) =>
    list.map(([checkedAt, answered]) => ({ nodeId: ids[name as Name]!, checkedAt, answered })),
  );
  await t.db.transaction().execute((trx) => recordChecks(trx, checks));
});
afterAll(() => t?.close());

describe("the node list's health columns", () => {
  it("equal the definition over the checks: the window's edges, today, a node without checks and one that never answered", async () => {
    const expected = expectedHealth();
    expect(expected.mixed.uptime30d.checks).toBe(30 * 8);
    expect(expected.quietToday).toMatchObject({ uptime24h: { checks: 0 }, missedToday: 0 });
    expect(expected.never).toMatchObject({ lastAnsweredAt: null, uptime30d: { answered: 0, checks: 240 } });
    expect(expected.firstDayOnly.uptime30d).toEqual({ answered: 1, checks: 2, ratio: 0.5 });
    expect(expected.unchecked.lastCheckedAt).toBeNull();
    expect(await listedHealth()).toEqual(expected);
  });

  it("stay the same once the monitor has pruned the checks and day counts before the window", async () => {
    await runProbeRound(t.db, { port: 9, path: "/", timeoutMs: 100 }, AT);
    const firstDay = await t.db
      .selectFrom("app.node_check_day")
      .select("day")
      .where("day", "<=", "2026-10-01")
      .execute();
    expect(firstDay).toEqual([]);
    expect(await listedHealth()).toEqual(expectedHealth());
  });

  /**
   * The monitor never leaves a whole day of the window with a count but without its checks: recordChecks writes both
   * in one statement, and a round prunes a day's count only once the day has left the last 30 whole UTC days, its
   * checks only once they are older than 30 days. Deleting one whole day's checks here, its count kept, shows that the
   * list reads the window's whole days from their counts, not from the checks (which it would then miss), and that the
   * last answer still comes from the checks.
   */
  it("take the window's whole days from their day counts", async () => {
    await t.db
      .deleteFrom("app.node_check")
      .where("node_id", "=", ids.mixed!)
      .where("checked_at", ">=", new Date("2026-10-15T00:00:00Z"))
      .where("checked_at", "<", new Date("2026-10-16T00:00:00Z"))
      .execute();
    expect((await listedHealth()).mixed).toEqual(expectedHealth().mixed);
  });
});
