/**
 * Time from a stake transaction mined to an operator's open page showing the new total: the indexer
 * indexes the block, the API pushes a live event over Server-Sent Events, the web app refetches
 * GET /api/stake/getTotal and the sidebar's Total Staked changes. The whole product runs as `npm start`
 * runs it (scripts/stack.ts: Postgres, anvil with the contracts, indexer, API serving the built app)
 * and the page is Debian's chromium with the test wallet, signed in as an operator with 2FA on.
 * Prints p50, p95, p99 (and min, max, mean) over RUNS top-up transactions sent GAP_MS apart from
 * outside the browser. Target: p50 <= 100 ms, p99 <= 300 ms. `npm run bench:push`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { launchBrowser } from "../e2e/support/browser.ts";
import { freshOperator, operatorWith2fa, signInContext } from "../e2e/support/accounts.ts";
import type { SharedStack } from "../e2e/support/stack.ts";
import { TestWallet } from "../e2e/support/wallet.ts";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { startStack } from "../scripts/stack.ts";
import { chainActor, pli } from "../test/chain-actions.ts";
import { formatToken } from "../web/src/shared/format/index.ts";
import { percentiles } from "./lib/percentiles.ts";

const RUNS = Number(process.env.RUNS ?? 60);
const GAP_MS = Number(process.env.GAP_MS ?? 300);
const TARGET = { p50: 100, p99: 300 };
const NODE = "0x00000000000000000000000000000000000000cc";
const TOTAL = '[data-testid="total-staked"]';

/** Epoch milliseconds with sub-millisecond precision, comparable between Node and the page. */
const now = () => performance.timeOrigin + performance.now();

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

  const step = pli(1_000);
  const latencies: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    expected += step;
    const seen = shown(expected);
    await staker.sendTopup(step, NODE);
    const mined = now();
    latencies.push((await seen) - mined);
  }
  const stats = percentiles(latencies);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `stake push latency over ${RUNS} top-ups ${GAP_MS} ms apart (mined -> the operator's page shows the new Total Staked, via indexer, SSE and refetch)`,
  );
  console.log(
    `  p50 ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}  p99 ${fmt(stats.p99)}   target p50 <= ${TARGET.p50} ms, p99 <= ${TARGET.p99} ms`,
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
