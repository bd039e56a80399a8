import { mkdtempSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { freePort } from "../../../scripts/lib/ports.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { apiProcessEnv, startApiProcess, type ApiProcess } from "../../../test/api-process.ts";
import { pli } from "../../../test/chain.ts";
import { startChainApp } from "../../test/chain-app.ts";
import { approvedNode } from "../../test/incentives.ts";
import { openLiveStream, type LiveStream } from "../../test/live-stream.ts";
import { newOperator } from "../../test/nodes.ts";
import { API } from "../public-contract/index.ts";
import { METRIC, PROCESS_METRICS_PREFIX } from "./registry.ts";
import { METRICS_PATH } from "./schema.ts";

const TOKEN = `metrics-${randomUUID()}`;

let app: Awaited<ReturnType<typeof startChainApp>>;
let api: ApiProcess;
let dir: string;
let metricsUrl: string;
let stream: LiveStream | undefined;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples and the `# TYPE` families of a Prometheus text exposition. */
function parseExposition(text: string) {
  const families = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) \w+$/.exec(line);
    if (type) families.add(type[1]!);
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) continue;
    const labels = Object.fromEntries(
      [...(sample[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { families, samples };
}

async function scrape(token: string | null = TOKEN) {
  return fetch(metricsUrl, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
}

async function metrics() {
  const response = await scrape();
  expect(response.status).toBe(200);
  const parsed = parseExposition(await response.text());
  const values = (name: string, labels: Record<string, string> = {}) =>
    parsed.samples
      .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
      .map((s) => s.value);
  return { ...parsed, values, value: (name: string, labels?: Record<string, string>) => values(name, labels)[0] };
}

/** A request to the API process, as a client at its own address behind the trusted proxy. */
async function call(method: string, route: string, { token, body }: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${api.url}${route}`, {
    method,
    headers: {
      "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

beforeAll(async () => {
  app = await startChainApp();
  dir = mkdtempSync(path.join(tmpdir(), "pli-metrics-"));
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}${METRICS_PATH}`;
  const { t, chain } = app;
  api = await startApiProcess(
    "api-metrics",
    {
      ...apiProcessEnv(t.config, { rpcUrl: chain.anvil.rpcUrl, ...chain.deployment }, dir),
      SMTP_URL: app.smtp.url,
      NODE_PROBE_INTERVAL_MINUTES: "1",
      NODE_PROBE_TIMEOUT_MS: "500",
      SCHEDULER_CHECK_SECONDS: "1",
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: "127.0.0.1",
      METRICS_TOKEN: TOKEN,
    },
    dir,
  );
});

afterAll(async () => {
  stream?.close();
  await api?.service.stop();
  await app?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the metrics endpoint", () => {
  it(
    "serves every family on its own port, after a sign-in, a list, an export and a stake",
    { timeout: 180_000 },
    async () => {
      const { t, chain, smtp, synced } = app;
      const admin = await t.addAdmin();
      const before = smtp.count(admin.email);
      const login = await call("POST", API.admin.login, { body: { email: admin.email, password: admin.password } });
      expect(login.status).toBe(200);
      const otp = await smtp.codeFor(admin.email, before);
      const verify = await call("POST", API.admin.verifyOtp, { body: { _id: login.json().registerDetail._id, otp } });
      expect(verify.status).toBe(200);
      const token: string = verify.json().token;

      const operator = await newOperator(t, DEV_KEYS.validator);
      await chain.fund("validator", pli(1_000_000));
      const { id, node } = await approvedNode(app, await t.adminToken(await t.addAdmin()), operator, 1);
      const staked = await chain.mined(chain.as("validator").staking.write.stakeTokens([pli(50_000), node]));
      await chain.fund("owner", pli(10_000));
      await chain.mined(chain.as("owner").staking.write.depositReward([pli(10_000)]));
      await synced();
      const stakeBody = { nodeId: id, tnxHash: staked.transactionHash };
      expect((await call("POST", API.stake.root, { token: operator.token, body: stakeBody })).status).toBe(200);
      const head = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }));

      const list = `${API.stake.transactions}?q=${randomUUID().slice(0, 8)}`;
      expect((await call("GET", list, { token })).status).toBe(200);
      await waitFor(
        "the list answer to be kept",
        async () =>
          (await call("GET", list, { token })).status === 200 && (await metrics()).value(METRIC.answerCacheHits)! > 0,
        { timeoutMs: 20_000, intervalMs: 200 },
      );
      const csv = await call("GET", API.stake.transactionsExport, { token });
      expect(csv.status).toBe(200);
      expect(csv.text.trimEnd().split("\r\n")).toHaveLength(2);
      expect((await call("GET", `/api/no-such-route-${randomUUID()}`)).status).toBe(404);
      stream = await openLiveStream(api.url, token);

      await waitFor(
        "a node monitor round",
        async () => (await metrics()).value(METRIC.monitorLastRound) !== undefined,
        { timeoutMs: 150_000, intervalMs: 1_000 },
      );
      const m = await metrics();

      for (const family of Object.values(METRIC)) expect(m.families, family).toContain(family);
      const listed = { method: "GET", route: API.stake.transactions, status: "200" };
      expect(m.value(METRIC.httpRequests, listed)).toBeGreaterThanOrEqual(2);
      expect(m.value(`${METRIC.httpDuration}_count`, listed)).toBeGreaterThanOrEqual(2);
      expect(m.value(METRIC.httpRequests, { method: "GET", route: API.stake.transactionsExport, status: "200" })).toBe(
        1,
      );
      expect(m.value(METRIC.httpRequests, { method: "POST", route: API.admin.verifyOtp, status: "200" })).toBe(1);
      expect(m.value(METRIC.httpRequests, { method: "POST", route: API.stake.root, status: "200" })).toBe(1);
      const routes = new Set(m.samples.filter((s) => s.name === METRIC.httpRequests).map((s) => s.labels.route!));
      expect([...routes].filter((route) => route.includes("?") || route.includes("no-such-route"))).toEqual([]);
      expect(m.value(METRIC.liveStreams)).toBe(1);
      expect(m.value(METRIC.answerCacheHits)).toBeGreaterThan(0);
      expect(m.value(METRIC.answerCacheMisses)).toBeGreaterThan(0);
      expect(m.value(METRIC.dbPoolConnections)).toBeGreaterThan(0);
      expect(m.value(METRIC.dbPoolIdle)).toBeLessThanOrEqual(m.value(METRIC.dbPoolConnections)!);
      expect(m.value(METRIC.dbPoolWaiting)).toBe(0);
      expect(m.value(METRIC.schedulerQueued, { queue: "node-monitor" })).toBeGreaterThanOrEqual(0);
      expect(m.value(METRIC.schedulerFailed, { queue: "node-monitor" })).toBe(0);
      expect(m.value(METRIC.schedulerLastRunFailed, { queue: "node-monitor" })).toBe(0);
      expect(m.value(METRIC.mailBacklog)).toBeGreaterThanOrEqual(0);
      expect(m.value(METRIC.mailOldestPending)).toBeGreaterThanOrEqual(0);
      expect(m.value(METRIC.mailFailures, { state: "given_up" })).toBe(0);
      expect(m.value(METRIC.webhookWaiting)).toBe(0);
      expect(m.value(METRIC.webhookOldestDue)).toBe(0);
      expect(m.value(METRIC.webhookFailures, { state: "given_up" })).toBe(0);
      expect(m.value(METRIC.chainHead)).toBeGreaterThanOrEqual(head);
      expect(m.value(METRIC.indexedBlock)).toBeGreaterThanOrEqual(head);
      expect(m.value(METRIC.indexerLag)).toBe(0);
      expect(Math.abs(m.value(METRIC.monitorLastRound)! - Date.now() / 1000)).toBeLessThan(180);
      expect(m.value(METRIC.rewardPool)).toBe(10_000);
      expect(m.value(METRIC.incentivesUnpaid)).toBe(0);
      expect(m.value(`${PROCESS_METRICS_PREFIX}process_resident_memory_bytes`)).toBeGreaterThan(0);
      expect(m.families).toContain(`${PROCESS_METRICS_PREFIX}nodejs_eventloop_lag_seconds`);
    },
  );

  it("answers 401 without the metrics token or with another, and the public port answers 404", async () => {
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape(`${TOKEN}-not`)).status).toBe(401);
    const onPublicPort = await fetch(`${api.url}${METRICS_PATH}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(onPublicPort.status).toBe(404);
    expect(await onPublicPort.text()).not.toContain(METRIC.httpRequests);
  });
});
