/**
 * Time from a stake transaction mined to an operator's open page showing the new total: the indexer
 * indexes the block, the API pushes a live event over Server-Sent Events carrying the operator's new total, and
 * the sidebar's Total Staked changes (a page whose event carries no total refetches GET /api/stake/getTotal). The whole product runs as `npm start`
 * runs it (scripts/stack.ts: Postgres, anvil with the contracts, indexer, API serving the built app)
 * and the page is Debian's chromium with the test wallet, signed in as an operator with 2FA on.
 * Prints p50, p95, p99 (and min, max, mean) over RUNS top-up transactions sent GAP_MS apart from
 * outside the browser, and the p50 and p99 of each hop on the way: the indexer's notification heard on
 * a connection of the bench's own, the live event read on a stream of the bench's own opened with the
 * operator's session, and, for a run whose page refetched the total after the event, that refetch from its resource
 * timings; then the three slowest runs with their hops. Target: p50 <= 30 ms, p99 <= 80 ms. `npm run bench:push`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { privateKeyToAccount } from "viem/accounts";
import { LIVE_EVENT_NAME, LIVE_PATHS } from "@pli/api/public-contract";
import { INDEXER_CHANNEL } from "@pli/api/live";
import { launchBrowser } from "../e2e/support/browser.ts";
import { freshOperator, operatorWith2fa, signInContext } from "../e2e/support/accounts.ts";
import type { SharedStack } from "../e2e/support/stack.ts";
import { TestWallet } from "../e2e/support/wallet.ts";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { startStack } from "../scripts/stack.ts";
import { chainActor, pli } from "../test/chain-actions.ts";
import { formatToken } from "@pli/web/shared/format";
import { percentiles } from "./lib/percentiles.ts";

const RUNS = Number(process.env.RUNS ?? 60);
const GAP_MS = Number(process.env.GAP_MS ?? 300);
const TARGET = { p50: 30, p99: 80 };
const NODE = "0x00000000000000000000000000000000000000cc";
const TOTAL = '[data-testid="total-staked"]';

/** The hops from mined to shown, each from the end of the one before. */
const HOPS = {
  indexer: "mined -> the indexer's notification (block indexed, committed)",
  api: "-> the live event on a stream (API reads what changed)",
  shown: "-> the sidebar shows the event's total (event read, React renders)",
  page: "-> the page asks for the total (event read, query refreshed)",
  refetch: "-> the total's answer arrives (HTTP, API, database)",
  render: "-> the sidebar shows it (React renders)",
} as const;

/** Epoch milliseconds with sub-millisecond precision, comparable between Node and the page. */
const now = () => performance.timeOrigin + performance.now();

/**
 * Opens the signed-in live stream as the page does (the operator's bearer token) and returns the list it appends
 * each event's arrival time to; the stream ends with the process.
 */
async function liveEventTimes(url: string, token: string): Promise<number[]> {
  const times: number[] = [];
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } });
  if (!response.ok || !response.body) throw new Error(`the live stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done || value === undefined) return;
      if (value.includes(`event: ${LIVE_EVENT_NAME}`)) times.push(now());
    }
  })();
  return times;
}

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-push-"));
const stack = await startStack({ dataDir: dir, apiEnv: { SCHEDULER_ENABLED: "false" } });
const browser = await launchBrowser();
try {
  const shared: SharedStack = {
    urls: stack.urls,
    deployment: stack.deployment,
    databaseUrl: stack.databaseUrl,
    logDir: stack.logDir,
    mailDir: path.join(dir, "mail"),
  };
  const operator = await freshOperator(shared, { pli: "10000000" });
  const { token } = await operatorWith2fa(shared, operator);
  const owner = chainActor(stack.urls.rpc, stack.deployment, DEV_KEYS.owner);
  const staker = chainActor(stack.urls.rpc, stack.deployment, operator.key);
  await owner.whitelist(privateKeyToAccount(operator.key).address, NODE);
  await staker.approve(pli(10_000_000));
  let expected = pli(50_000);
  await staker.stake(expected, NODE);

  const notified: number[] = [];
  const listener = new pg.Client({ connectionString: stack.databaseUrl, application_name: "pli-bench-push" });
  await listener.connect();
  listener.on("notification", () => notified.push(now()));
  await listener.query(`LISTEN "${INDEXER_CHANNEL}"`);
  const streamed = await liveEventTimes(`${stack.urls.api}${LIVE_PATHS.events}`, token);

  const context = await browser.newContext({ baseURL: stack.urls.web, viewport: { width: 1366, height: 900 } });
  await signInContext(context, token);
  const page = await context.newPage();
  await new TestWallet({ privateKey: operator.key, rpcUrl: stack.urls.rpc }).install(page);
  await page.goto("/faq");
  /**
   * Resolves with the page's clock at the moment the sidebar shows `wei`: a MutationObserver in the page,
   * given as source text so the bundler's helpers do not leak into the page.
   */
  const shown = (wei: bigint) =>
    page.evaluate(`new Promise((resolve) => {
      const matches = () => document.querySelector(${JSON.stringify(TOTAL)})?.textContent === ${JSON.stringify(formatToken(wei))};
      const at = () => performance.timeOrigin + performance.now();
      if (matches()) return resolve(at());
      const observer = new MutationObserver(() => {
        if (!matches()) return;
        observer.disconnect();
        resolve(at());
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    })`) as Promise<number>;
  await shown(expected);

  /** The page's latest GET of the total: when it was sent and when its answer had arrived, on the page's clock. */
  const refetch = () =>
    page.evaluate(`(() => {
      const entry = performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/stake/getTotal")).at(-1);
      performance.clearResourceTimings();
      return entry ? [performance.timeOrigin + entry.startTime, performance.timeOrigin + entry.responseEnd] : null;
    })()`) as Promise<[number, number] | null>;
  await refetch();

  const step = pli(1_000);
  const latencies: number[] = [];
  /** Each run's hops, to name where the slowest runs spent their time. */
  const runs: { total: number; hops: Partial<Record<keyof typeof HOPS, number>> }[] = [];
  const hops: Record<keyof typeof HOPS, number[]> = {
    indexer: [],
    api: [],
    shown: [],
    page: [],
    refetch: [],
    render: [],
  };
  for (let i = 0; i < RUNS; i++) {
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    expected += step;
    const seen = shown(expected);
    const sent = now();
    await staker.sendTopup(step, NODE);
    const mined = now();
    const at = await seen;
    latencies.push(at - mined);
    const heard = notified.find((time) => time >= sent);
    const event = streamed.find((time) => time >= sent);
    const fetched = await refetch();
    notified.length = 0;
    streamed.length = 0;
    const run: (typeof runs)[number] = { total: at - mined, hops: {} };
    runs.push(run);
    if (heard === undefined || event === undefined) continue;
    run.hops.indexer = heard - mined;
    run.hops.api = event - heard;
    if (fetched === null || fetched[0] < event) run.hops.shown = at - event;
    else {
      run.hops.page = fetched[0] - event;
      run.hops.refetch = fetched[1] - fetched[0];
      run.hops.render = at - fetched[1];
    }
    for (const [hop, ms] of Object.entries(run.hops)) hops[hop as keyof typeof HOPS].push(ms);
  }
  await listener.end();
  const stats = percentiles(latencies);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `stake push latency over ${RUNS} top-ups ${GAP_MS} ms apart (mined -> the operator's page shows the new Total Staked, via indexer and SSE; ${hops.page.length} runs refetched it)`,
  );
  for (const [hop, label] of Object.entries(HOPS)) {
    const values = hops[hop as keyof typeof HOPS];
    if (values.length === 0) continue;
    const hopStats = percentiles(values);
    console.log(
      `    ${label.padEnd(Math.max(...Object.values(HOPS).map((text) => text.length)))} p50 ${fmt(hopStats.p50).padStart(9)}  p99 ${fmt(hopStats.p99).padStart(9)}`,
    );
  }
  console.log(
    `  p50 ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}  p99 ${fmt(stats.p99)}   target p50 <= ${TARGET.p50} ms, p99 <= ${TARGET.p99} ms`,
  );
  const slowest = runs.toSorted((a, b) => b.total - a.total).slice(0, 3);
  console.log(
    `  slowest: ${slowest
      .map(
        (run) =>
          `${fmt(run.total)} (${Object.entries(run.hops)
            .map(([hop, ms]) => `${hop} ${ms.toFixed(1)}`)
            .join(", ")})`,
      )
      .join("; ")}`,
  );
  console.log(
    `  min ${fmt(stats.min)}  max ${fmt(stats.max)}  mean ${fmt(stats.mean)}   load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
