/**
 * Lighthouse (mobile profile: a mid-range phone on a slow 4G link, simulated) on `/` as `npm start`
 * serves it: the API with the built web app. Starts the whole stack on free ports in a temporary folder
 * and audits the page in Debian's chromium on a fresh profile; nothing is downloaded. Prints the scores
 * and the page's timings with the targets of issue 24 beside them (performance >= 90, accessibility 100).
 * `npm run bench:lighthouse` (PAGE=/admin/login to audit another page; LIGHTHOUSE_JSON=<file> keeps the whole report).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/support/browser.ts";
import { startStack } from "../scripts/stack.ts";

const PAGE = process.env.PAGE ?? "/";
/** A score per category, 0-100; timings in ms, sizes in KiB: what Lighthouse reports. */
const TARGET = { performance: 90, accessibility: 100 };
/** Headless chromium as the browser tests start it (e2e/support/browser.ts), on its own profile. */
const CHROMIUM_FLAGS = ["--headless=new", ...CHROMIUM_ARGS, "--disable-dev-shm-usage"];

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-lighthouse-"));
const stack = await startStack({ dataDir: dir, log: (service, line) => console.error(`[${service}] ${line}`) });
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const userDataDir = path.join(dir, "chromium");
  mkdirSync(userDataDir);
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir });
  const url = `${stack.urls.web}${PAGE}`;
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
  });
  if (!result) throw new Error("Lighthouse returned no result");
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(result.lhr));
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const verdict = (met: boolean) => (met ? "met" : "NOT met");
  const performance = score("performance");
  const accessibility = score("accessibility");
  console.log(`\nLighthouse ${result.lhr.lighthouseVersion}, mobile profile, ${url}`);
  console.log(
    `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `  performance      ${String(performance).padStart(6)}     (target >= ${TARGET.performance}: ${verdict(performance >= TARGET.performance)})`,
  );
  console.log(
    `  accessibility    ${String(accessibility).padStart(6)}     (target ${TARGET.accessibility}: ${verdict(accessibility >= TARGET.accessibility)})`,
  );
  console.log(`  best practices   ${String(score("best-practices")).padStart(6)}`);
  console.log(`  first paint      ${(value("first-contentful-paint") / 1000).toFixed(1).padStart(6)} s`);
  console.log(`  largest paint    ${(value("largest-contentful-paint") / 1000).toFixed(1).padStart(6)} s`);
  console.log(`  total blocking   ${Math.round(value("total-blocking-time")).toString().padStart(6)} ms`);
  console.log(
    `  transferred      ${Math.round(value("total-byte-weight") / 1024)
      .toString()
      .padStart(6)} KiB`,
  );
  for (const [label, id] of [
    ["main thread", "mainthread-work-breakdown"],
    ["script boot-up", "bootup-time"],
    ["unused scripts", "unused-javascript"],
    ["unused styles", "unused-css-rules"],
    ["render-blocking", "render-blocking-resources"],
  ] as const)
    console.log(`  ${label.padEnd(16)} ${audits[id]?.displayValue || "none"}`);
  const requests = audits["network-requests"]?.details;
  const rows = (requests && "items" in requests ? requests.items : []) as {
    url: string;
    transferSize?: number;
    resourceType?: string;
  }[];
  console.log("  largest transfers:");
  for (const row of [...rows].sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0)).slice(0, 8))
    console.log(
      `    ${((row.transferSize ?? 0) / 1024).toFixed(1).padStart(7)} KiB  ${row.resourceType ?? ""} ${new URL(row.url).pathname}`,
    );
  const failed = Object.values(categories)
    .flatMap((category) => category.auditRefs.map((ref) => ({ category: category.id, audit: audits[ref.id] })))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary");
  for (const { category, audit } of failed) {
    console.log(`  failed (${category}): ${audit!.id} ${audit!.title}`);
    const items = audit!.details && "items" in audit!.details ? audit!.details.items : [];
    for (const item of items.slice(0, 5)) console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
  }
} finally {
  chrome?.kill();
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
