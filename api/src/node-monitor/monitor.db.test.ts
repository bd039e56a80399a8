import { createServer, type Server } from "node:http";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { NODE_STATUS } from "../public-contract/domain.ts";
import { NODE_TAB_ALL, reputationScore, windowStart, type NodeStatus } from "../node/schema.ts";
import {
  listNodePage,
  findNode,
  stoppedNodes,
  toNodeResponse,
  inactiveDates,
  reputationValues,
} from "../node/index.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver.ts";
import { deliverPendingWebhooks } from "../webhook/index.ts";
import { nodeMonitorJob, probe, runProbeRound, type ProbeSettings } from "./monitor.ts";

let t: TestApp;
let settings: ProbeSettings;
const servers: Server[] = [];
/** Whether the flaky node answers; the test turns it on and off by simulated day. */
let flakyUp = true;
/** Whether the node of the health test answers. */
let healthUp = true;
/** Whether the node of the day counts test answers. */
let countedUp = true;
/** Whether the node of the webhook alert test answers. */
let alertUp = true;
let receiver: WebhookReceiver;

const listen = (host: string, port: number, handler: Parameters<typeof createServer>[1]) =>
  new Promise<void>((resolve, reject) => {
    const server = createServer(handler);
    servers.push(server);
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });

let seq = 0;
async function addNode(ipaddress: string, status: NodeStatus = NODE_STATUS.active) {
  seq++;
  const hex = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
  const operator = await t.db
    .insertInto("app.operator")
    .values({ wallet_address: hex(0xa000 + seq), email: null, user_role: "Validator" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const node = await t.db
    .insertInto("app.node")
    .values({
      operator_id: operator.id,
      wallet_address: hex(0xa000 + seq),
      name: `Node ${seq}`,
      provider: "AWS",
      ipaddress,
      os: "Ubuntu 24.04",
      ram: 32,
      storage: 500,
      security: "2026-11",
      oracle_address: hex(0xb000 + seq),
      node_address: hex(0xc000 + seq),
      status,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return node.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const port = await freePort();
  /** Generous: every node here answers or refuses at once, so a busy machine must not turn an answer into a miss. */
  settings = { port, path: "/health", timeoutMs: 5_000 };
  await listen("127.0.0.2", port, (_req, res) => res.end("ok"));
  await listen("127.0.0.3", port, (_req, res) => {
    if (flakyUp) res.end("ok");
    else res.destroy();
  });
  await listen("127.0.0.7", port, (_req, res) => {
    if (flakyUp) res.end("ok");
    else res.destroy();
  });
  await listen("127.0.0.5", port, () => undefined);
  await listen("127.0.0.8", port, (_req, res) => {
    if (healthUp) res.end("ok");
    else res.destroy();
  });
  await listen("127.0.0.11", port, (_req, res) => {
    if (alertUp) res.end("ok");
    else res.destroy();
  });
  await listen("127.0.0.12", port, (_req, res) => {
    if (countedUp) res.end("ok");
    else res.destroy();
  });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await receiver?.stop();
  await t?.close();
});

const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n));
const at = (n: number, hour: number) => new Date(day(n).getTime() + hour * 3_600_000);
const iso = (n: number) => day(n).toISOString().slice(0, 10);

describe("node monitor over 30 simulated days (real HTTP on loopback addresses)", () => {
  it("scores a node that always answers 5, one up every other day 2.5, one never 0, and lists their inactive days", async () => {
    const always = await addNode("127.0.0.2");
    const flaky = await addNode("127.0.0.3", NODE_STATUS.deActive);
    const never = await addNode("127.0.0.4", NODE_STATUS.approved);
    const pending = await addNode("127.0.0.6", NODE_STATUS.pending);
    for (let n = 0; n < 30; n++) {
      flakyUp = n % 2 === 0;
      for (const hour of [0, 6, 12, 18])
        expect(await runProbeRound(t.db, settings, at(n, hour))).toEqual({ probed: 3, answered: flakyUp ? 2 : 1 });
    }
    flakyUp = true;
    await runProbeRound(t.db, settings, at(30, 0));

    const now = at(29, 23);
    const values = async (id: string) =>
      (await reputationValues(t.db, id, windowStart(now))).filter((row) => row.date <= iso(29));
    expect((await values(always)).map((row) => row.value)).toEqual(Array(30).fill(1));
    expect((await values(flaky)).map((row) => row.value)).toEqual(
      Array.from({ length: 30 }, (_, n) => (n % 2 === 0 ? 1 : 0)),
    );
    expect((await values(never)).map((row) => row.value)).toEqual(Array(30).fill(0));
    expect(await values(pending)).toEqual([]);
    expect(reputationScore((await values(always)).map((row) => row.value))).toBe(5);
    expect(reputationScore((await values(flaky)).map((row) => row.value))).toBe(2.5);
    expect(reputationScore((await values(never)).map((row) => row.value))).toBe(0);

    const inactive = async (id: string) => (await inactiveDates(t.db, id, iso(0))).map((row) => row.date).sort();
    expect(await inactive(always)).toEqual([]);
    expect(await inactive(flaky)).toEqual(Array.from({ length: 15 }, (_, k) => iso(2 * k + 1)));
    expect(await inactive(never)).toEqual(Array.from({ length: 30 }, (_, n) => iso(n)));
  });

  it("counts a day with exactly half the probes answered as active, and under half as inactive", async () => {
    const half = await addNode("127.0.0.7");
    for (const [hour, up] of [
      [0, true],
      [6, false],
      [12, true],
      [18, false],
    ] as const) {
      flakyUp = up;
      await runProbeRound(t.db, settings, at(40, hour));
    }
    flakyUp = false;
    for (const hour of [0, 6, 12]) await runProbeRound(t.db, settings, at(41, hour));
    flakyUp = true;
    await runProbeRound(t.db, settings, at(41, 18));
    await runProbeRound(t.db, settings, at(42, 0));
    expect((await inactiveDates(t.db, half, iso(40))).map((row) => row.date)).toEqual([iso(41)]);
    expect((await reputationValues(t.db, half, iso(40))).slice(0, 2).map((row) => row.value)).toEqual([0.5, 0.25]);
  });

  it("gives up on a node that does not answer within the timeout", async () => {
    const started = Date.now();
    expect(await probe(`http://127.0.0.5:${settings.port}/`, 300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await probe(`http://127.0.0.2:${settings.port}/`, 300)).toBe(true);
  });
});

describe("node health from the monitor's checks", () => {
  const healthAt = async (id: string, now: Date) => {
    const row = await findNode(t.db, id, { now });
    return toNodeResponse(row!, { forOwner: true }).health;
  };
  const round = async (up: boolean, when: Date) => {
    healthUp = up;
    await runProbeRound(t.db, settings, when);
  };

  it("counts uptime over 24 hours and 30 days, the last answer, today's misses and a node that stopped answering", async () => {
    const node = await addNode("127.0.0.8");
    const silent = await addNode("127.0.0.9", NODE_STATUS.approved);
    await round(true, at(60, 0));
    await round(true, at(60, 12));
    await round(true, at(70, 0));
    await round(false, at(89, 6));
    await round(true, at(90, 1));
    await round(false, at(90, 6));
    await round(false, at(90, 8));

    /**
     * The 30 days run from day 60 09:00: day 60's check at 12:00 counts, the one at 00:00 does not. The rounds of day 90
     * pruned day 60's count (no longer among the last 30 whole days) but not the 12:00 check (younger than 30 days), so
     * the window's first, partial day must be read from its checks, never from its count.
     */
    expect(await healthAt(node, at(90, 9))).toEqual({
      uptime24h: { answered: 1, checks: 3, ratio: 1 / 3 },
      uptime30d: { answered: 3, checks: 6, ratio: 3 / 6 },
      lastAnsweredAt: at(90, 1).toISOString(),
      lastCheckedAt: at(90, 8).toISOString(),
      missedToday: 2,
      down: false,
    });
    expect(
      await t.db
        .selectFrom("app.node_check_day")
        .select("day")
        .where("node_id", "=", node)
        .where("day", "=", iso(60))
        .execute(),
    ).toEqual([]);

    await round(false, at(90, 10));
    const afterThirdMiss = await healthAt(node, at(90, 11));
    expect(afterThirdMiss.down).toBe(true);
    expect(afterThirdMiss.missedToday).toBe(3);
    expect(afterThirdMiss.lastAnsweredAt).toBe(at(90, 1).toISOString());

    const silentHealth = await healthAt(silent, at(90, 11));
    expect(silentHealth).toMatchObject({ lastAnsweredAt: null, down: true, uptime24h: { answered: 0, checks: 4 } });

    const operator = (await t.db
      .selectFrom("app.node")
      .select("operator_id")
      .where("id", "=", node)
      .executeTakeFirst())!;
    const listed = await listNodePage(t.db, {
      q: "",
      ownerId: operator.operator_id,
      tab: NODE_TAB_ALL,
      page: 1,
      limit: 10,
      now: at(90, 11),
    });
    expect(listed.rows.map((row) => toNodeResponse(row, { forOwner: true }).health)).toEqual([afterThirdMiss]);
    expect(await stoppedNodes(t.db, operator.operator_id, at(90, 11))).toEqual([
      { _id: node, name: expect.any(String), lastAnsweredAt: at(90, 1).toISOString() },
    ]);

    await round(true, at(90, 12));
    expect(await healthAt(node, at(90, 13))).toMatchObject({ down: false, lastAnsweredAt: at(90, 12).toISOString() });
    expect(await stoppedNodes(t.db, operator.operator_id, at(90, 13))).toEqual([]);
  });

  it("deletes checks older than 30 days in the monitor round", async () => {
    const node = await addNode("127.0.0.10");
    await round(true, at(100, 0));
    await round(true, at(110, 0));
    await round(true, at(130, 12));
    const kept = await t.db
      .selectFrom("app.node_check")
      .select("checked_at")
      .where("node_id", "=", node)
      .orderBy("checked_at")
      .execute();
    expect(kept.map((row) => row.checked_at.toISOString())).toEqual(
      [at(110, 0), at(130, 12)].map((d) => d.toISOString()),
    );
  });
});

describe("the monitor's checks counted per day", () => {
  const daysOf = async (node: string) =>
    (
      await t.db
        .selectFrom("app.node_check_day")
        .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "answered", "checks"])
        .where("node_id", "=", node)
        .orderBy("day")
        .execute()
    ).map((row) => ({ ...row }));

  it("adds each round's check to its node's UTC day in the round, and deletes the days before the last 30 with the checks", async () => {
    const node = await addNode("127.0.0.12");
    for (const [up, when] of [
      [true, at(131, 0)],
      [false, at(131, 6)],
      [true, at(131, 23.5)],
      [false, at(132, 1)],
      [true, at(132, 1)],
    ] as const) {
      countedUp = up;
      await runProbeRound(t.db, settings, when);
    }
    expect(await daysOf(node)).toEqual([
      { day: iso(131), answered: 2, checks: 3 },
      { day: iso(132), answered: 0, checks: 1 },
    ]);

    countedUp = true;
    await runProbeRound(t.db, settings, at(161, 12));
    expect(windowStart(at(161, 12))).toBe(iso(132));
    expect(await daysOf(node)).toEqual([
      { day: iso(132), answered: 0, checks: 1 },
      { day: iso(161), answered: 1, checks: 1 },
    ]);
  });
});

describe("node down alerts by webhook", () => {
  it("tells the operator's webhook within the monitor round that finds the node down, once, and when it is back up", async () => {
    const node = await addNode("127.0.0.11");
    const { operator_id, wallet_address } = await t.db
      .selectFrom("app.node")
      .select(["operator_id", "wallet_address"])
      .where("id", "=", node)
      .executeTakeFirstOrThrow();
    await t.db.insertInto("app.validator_directory").values({ wallet_address, user_role: "Validator" }).execute();
    await t.db
      .insertInto("app.webhook")
      .values({ operator_id, kind: "discord", target: `${receiver.url}/node-alerts`, token: null, secret: null })
      .execute();
    let clock = at(150, 0);
    const job = nodeMonitorJob(
      t.db,
      {
        NODE_PROBE_PORT: settings.port,
        NODE_PROBE_PATH: settings.path,
        NODE_PROBE_TIMEOUT_MS: settings.timeoutMs,
        NODE_PROBE_INTERVAL_MINUTES: 15,
      },
      t.logs.log,
      () => deliverPendingWebhooks(t.webhookSender),
      () => clock,
    );
    const round = async (up: boolean) => {
      alertUp = up;
      clock = new Date(clock.getTime() + 15 * 60_000);
      await job.run();
      return receiver.received.map((request) => JSON.parse(request.body).content as string);
    };
    expect(await round(true)).toEqual([]);
    expect(await round(false)).toEqual([]);
    expect(await round(false)).toEqual([]);
    expect(await round(false)).toEqual([`**Node Node ${seq} is down**`]);
    expect(await round(false)).toHaveLength(1);
    expect(await round(true)).toEqual([`**Node Node ${seq} is down**`, `**Node Node ${seq} is back up**`]);
  });
});

describe("the monitor and the incentive accrual", () => {
  it("holds an accrual back while a round probes, and a round waits while a month is being accrued", async () => {
    const id = await addNode("127.0.0.5");
    const counted = (day: string) =>
      t.db
        .selectFrom("app.node_probe_day")
        .select(["probes", "successes"])
        .where("node_id", "=", id)
        .where("day", "=", day)
        .execute();
    const accrual = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await accrual.connect();
    const accrualLock = async () =>
      (await accrual.query("SELECT pg_try_advisory_lock(hashtext('pli.incentive-accrual')) AS got")).rows[0].got;
    try {
      // 127.0.0.5 takes the connection and never answers: the round probes until its timeout.
      const probing = runProbeRound(t.db, { ...settings, timeoutMs: 1_500 }, new Date("2031-04-30T23:55:00Z"));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await accrualLock(), "an accrual waits for the round begun before it").toBe(false);
      await probing;
      expect(await counted("2031-04-30")).toEqual([{ probes: 1, successes: 0 }]);

      expect(await accrualLock()).toBe(true);
      let done = false;
      const round = runProbeRound(t.db, { ...settings, timeoutMs: 1_500 }, new Date("2031-05-01T00:05:00Z")).then(
        () => (done = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(done, "a round waits while a month is being accrued").toBe(false);
      await accrual.query("SELECT pg_advisory_unlock(hashtext('pli.incentive-accrual'))");
      await round;
    } finally {
      await accrual.end();
    }
    expect(await counted("2031-05-01")).toEqual([{ probes: 1, successes: 0 }]);
  });
});
