import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { EventSource } from "eventsource";
import { sql } from "kysely";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { freePort } from "../../scripts/lib/ports.ts";
import { waitFor } from "../../scripts/lib/wait.ts";
import { apiProcessEnv, startApiProcess, type ApiProcess } from "../../test/api-process.ts";
import { startChain } from "../../test/chain.ts";
import { createTestApp, type TestApp } from "../test/app-fixture.ts";
import { openLiveStream, type LiveStream } from "../test/live-stream.ts";
import { newOperator, nodeBody } from "../test/nodes.ts";
import { API, NODE_STATUS } from "./public-contract/index.ts";
import { LIVE_EVENT_NAME, type LiveEvent } from "./live/schema.ts";
import { LIMITS_BY_ROUTE } from "./rate-limit/rate-limit.ts";
import { SCHEDULER_SCHEMA } from "./scheduler/scheduler.ts";
import { setOperatorAccess } from "./operator/repository.ts";

/** The loopback addresses of the monitored nodes; a probe server answers on each. */
const NODE_IPS = ["127.0.0.1", "127.0.0.2"];
/** The monitor's probe path, unique to this run, so a probe from any other process is not counted. */
const PROBE_PATH = `/probe-${randomUUID()}`;
/** Seconds between the deployment's checks for due schedules: several checks, by either instance, per occurrence. */
const CHECK_SECONDS = 1;

let chain: Awaited<ReturnType<typeof startChain>>;
let t: TestApp;
let dir: string;
const probeServers: Server[] = [];
/** Probe requests received, by the node IP address they were sent to. */
const probes = new Map<string, number>(NODE_IPS.map((ip) => [ip, 0]));
const instances: ApiProcess[] = [];
const sources: EventSource[] = [];
const streams: LiveStream[] = [];

async function startProbeServers(port: number) {
  for (const ip of NODE_IPS) {
    const server = createServer((req, res) => {
      if (req.url === PROBE_PATH) probes.set(ip, probes.get(ip)! + 1);
      res.end("ok");
    });
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, ip, resolve));
    probeServers.push(server);
  }
}

/**
 * Two approved nodes of one operator, at the probe servers' addresses (approval needs an indexed whitelist, so it is
 * set in the database).
 */
async function seedMonitoredNodes() {
  const owner = await newOperator(t);
  for (const [i, ip] of NODE_IPS.entries()) {
    const added = await t.call("POST", API.node.root, {
      token: owner.token,
      body: nodeBody(9_000 + i, { ipaddress: ip }),
    });
    if (added.status !== 201) throw new Error(`node not added: ${JSON.stringify(added.body)}`);
  }
  await t.db.updateTable("app.node").set({ status: NODE_STATUS.approved }).where("ipaddress", "in", NODE_IPS).execute();
}

beforeAll(async () => {
  chain = await startChain();
  t = await createTestApp({ rpcUrl: chain.anvil.rpcUrl });
  dir = mkdtempSync(path.join(tmpdir(), "pli-scale-out-"));
  const probePort = await freePort();
  await startProbeServers(probePort);
  await seedMonitoredNodes();
  const env = {
    ...apiProcessEnv(t.config, { rpcUrl: chain.anvil.rpcUrl, ...chain.deployment }, dir),
    NODE_PROBE_PORT: String(probePort),
    NODE_PROBE_PATH: PROBE_PATH,
    NODE_PROBE_INTERVAL_MINUTES: "1",
    SCHEDULER_CHECK_SECONDS: String(CHECK_SECONDS),
  };
  const started = await Promise.allSettled([startApiProcess("api-a", env, dir), startApiProcess("api-b", env, dir)]);
  for (const result of started) if (result.status === "fulfilled") instances.push(result.value);
  for (const result of started) if (result.status === "rejected") throw result.reason;
});

afterAll(async () => {
  for (const source of sources) source.close();
  for (const stream of streams) stream.close();
  const pids = instances.map((instance) => instance.service.process.pid!);
  const stopped = await Promise.all(
    instances.map(async (instance) => (await instance.service.stop(), instance.service.exited)),
  );
  for (const server of probeServers) await new Promise((resolve) => server.close(resolve));
  await t?.close();
  await chain?.anvil.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  expect(stopped, "each API exits on SIGTERM by itself").toEqual(instances.map(() => 0));
  const alive = pids.filter((pid) => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  expect(alive, "no process of either API's group is left").toEqual([]);
});

const [a, b] = [() => instances[0]!, () => instances[1]!];

/** A JSON POST to one instance, as a client at `clientIp` behind the trusted proxy. */
async function post(
  instance: ApiProcess,
  route: string,
  body: unknown,
  { token, clientIp = "203.0.113.1" }: { token?: string; clientIp?: string } = {},
) {
  const response = await fetch(`${instance.url}${route}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": clientIp,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: { _id: string } } };
}

/** The live stream of one instance, signed in with `token`, collecting its events. */
async function listen(instance: ApiProcess, token: string) {
  const received: LiveEvent[] = [];
  const source = new EventSource(`${instance.url}${API.live}`, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } }),
  });
  sources.push(source);
  source.addEventListener(LIVE_EVENT_NAME, (message) => received.push(JSON.parse(message.data) as LiveEvent));
  await new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (error) => reject(new Error(`stream refused: ${error.code ?? error.message}`));
  });
  return received;
}

describe("two API processes on one database", () => {
  it("count one client's sign-in requests in one budget: alternating between them, the request after the budget is refused by both", async () => {
    const { max } = LIMITS_BY_ROUTE.siweIp;
    const walletAddress = privateKeyToAccount(DEV_KEYS.validator).address;
    const clientIp = "198.51.100.23";
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++)
      statuses.push((await post(i % 2 === 0 ? a() : b(), API.operator.siwe, { walletAddress }, { clientIp })).status);
    expect(statuses.slice(0, max)).toEqual(Array.from({ length: max }, () => 200));
    expect(statuses[max]).toBe(429);
    expect((await post(b(), API.operator.siwe, { walletAddress }, { clientIp })).status).toBe(429);
    expect((await post(a(), API.operator.siwe, { walletAddress }, { clientIp })).status).toBe(429);
    expect((await post(b(), API.operator.siwe, { walletAddress }, { clientIp: "198.51.100.24" })).status).toBe(200);
  });

  it("show an operator's live stream on one instance the node they registered through the other", async () => {
    const operator = await newOperator(t);
    const onA = await listen(a(), operator.token);
    const added = await post(b(), API.node.root, nodeBody(9_100), { token: operator.token });
    expect(added.status).toBe(201);
    const event = await waitFor(
      "the registration on A's stream",
      () => onA.find((received) => received.topics.includes("node")),
      { timeoutMs: 5_000, intervalMs: 20 },
    );
    expect(event.wallets).toEqual([operator.wallet]);
  });

  it("end a live stream on one instance when its session ends through the other, or by another writer", async () => {
    const leaving = await newOperator(t);
    const onB = await openLiveStream(b().url, leaving.token);
    streams.push(onB);
    expect((await post(a(), API.operator.logout, {}, { token: leaving.token })).status).toBe(200);
    await waitFor("B's stream of the signed-out operator to end", () => onB.hasEnded(), {
      timeoutMs: 5_000,
      intervalMs: 10,
    });

    const disabled = await newOperator(t);
    const both = [await openLiveStream(a().url, disabled.token), await openLiveStream(b().url, disabled.token)];
    streams.push(...both);
    const me = await t.call("GET", API.operator.root, { token: disabled.token });
    expect(await setOperatorAccess(t.db, me.body._id, false)).toBeDefined();
    await waitFor("both streams of the disabled operator to end", () => both.every((stream) => stream.hasEnded()), {
      timeoutMs: 5_000,
      intervalMs: 10,
    });
  });

  it("run each occurrence of the monitor's schedule at most once: one probe of each node and one sample per round, whichever instance takes it", async () => {
    const db = t.db;
    const job = sql.id(SCHEDULER_SCHEMA, "job");
    const lastCheck = async () =>
      (
        await sql<{ at: Date | null }>`SELECT cron_on AS at FROM ${sql.id(SCHEDULER_SCHEMA, "version")}`.execute(db)
      ).rows[0]?.at?.getTime();
    const runs = async () => {
      const { rows } = await sql<{ completed: number; failed: number; unfinished: number; occurrences: number }>`
        SELECT count(*) FILTER (WHERE name = 'node-monitor' AND state = 'completed')::int AS completed,
               count(*) FILTER (WHERE name = 'node-monitor' AND state IN ('cancelled', 'failed'))::int AS failed,
               count(*) FILTER (WHERE state NOT IN ('completed', 'cancelled', 'failed') AND (name = 'node-monitor' OR data->>'name' = 'node-monitor'))::int AS unfinished,
               count(DISTINCT singleton_on) FILTER (WHERE name = '__pgboss__send-it' AND data->>'name' = 'node-monitor')::int AS occurrences
        FROM ${job}`.execute(db);
      return rows[0]!;
    };

    await waitFor("a monitor round", async () => (await runs()).completed > 0 || undefined, {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    const checks = new Set<number | undefined>([await lastCheck()]);
    await waitFor(
      "two more checks for due schedules",
      async () => checks.add(await lastCheck()).size > 2 || undefined,
      { timeoutMs: 20_000, intervalMs: 100 },
    );

    const settled = await waitFor(
      "a moment with no round under way",
      async () => {
        const before = await runs();
        if (before.unfinished > 0) return undefined;
        const probed = new Map(probes);
        const samples = await db
          .selectFrom("app.node_probe_day as d")
          .innerJoin("app.node as n", "n.id", "d.node_id")
          .select(["n.ipaddress", (eb) => eb.fn.sum<string>("d.probes").as("probes")])
          .groupBy("n.ipaddress")
          .execute();
        const after = await runs();
        return JSON.stringify(after) === JSON.stringify(before) && { ...before, probed, samples };
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );

    const rounds = settled.completed;
    expect(rounds).toBeGreaterThan(0);
    expect(
      settled.failed,
      `failed rounds; the instances printed:\n${instances.map((instance) => instance.output()).join("\n")}`,
    ).toBe(0);
    // At most one round per occurrence: the queue keeps one round waiting besides the one running (pg-boss's stately
    // policy), so on a busy machine an occurrence that finds a round still waiting is dropped, never run twice.
    expect(rounds, "no more rounds than occurrences of the schedule").toBeLessThanOrEqual(settled.occurrences);
    expect(Object.fromEntries(settled.probed), "probes each node received").toEqual(
      Object.fromEntries(NODE_IPS.map((ip) => [ip, rounds])),
    );
    expect(
      Object.fromEntries(settled.samples.map((row) => [row.ipaddress, Number(row.probes)])),
      "probes recorded per node",
    ).toEqual(Object.fromEntries(NODE_IPS.map((ip) => [ip, rounds])));
  });
});
