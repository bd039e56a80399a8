/**
 * The JavaScript a browser downloads to show a first screen, gzip-compressed as a server would send it
 * (targets: `/` and `/admin/login` at most 160 KB each, the public `/network` page 200 KB). Starts the whole stack on
 * free ports in a temporary folder, opens each page in chromium on a fresh profile, and sums every script the page
 * loaded until it settled. A page that loads a part only once its data arrived (the network page's payout chart) has
 * those scripts listed apart, after its initial figure.
 * `npm run bench:initial-js` (PAGES=/,/admin/login,/network to choose the pages).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Request } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser.ts";
import { startStack } from "../scripts/stack.ts";

const PAGES = (process.env.PAGES ?? "/,/admin/login,/network").split(",");
const TARGET_KB: Record<string, number> = { "/": 160, "/admin/login": 160, "/network": 200 };
/** The API answer after which a page loads its lazy parts: scripts requested after it are not initial. */
const DATA: Record<string, string> = { "/network": "/api/network" };
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-js-"));
const stack = await startStack({ dataDir: dir, log: (service, line) => console.error(`[${service}] ${line}`) });
const browser = await launchBrowser();
try {
  for (const pagePath of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, { raw: number; gzip: number; later: boolean }>();
    let dataArrived = false;
    const requestedLater = new Set<Request>();
    page.on("request", (request) => {
      if (dataArrived) requestedLater.add(request);
    });
    page.on("requestfinished", (request) => {
      if (new URL(request.url()).pathname === DATA[pagePath]) dataArrived = true;
    });
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const later = requestedLater.has(response.request());
      const body = await response.body().catch(() => null);
      if (body)
        scripts.set(new URL(response.url()).pathname, {
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          later,
        });
    });
    await page.goto(`${stack.urls.web}${pagePath}`, { waitUntil: "networkidle" });
    await page.locator("h1").first().waitFor();
    const all = [...scripts.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
    const sum = (rows: typeof all) =>
      rows.reduce((total, [, size]) => ({ raw: total.raw + size.raw, gzip: total.gzip + size.gzip }), {
        raw: 0,
        gzip: 0,
      });
    const print = (rows: typeof all) => {
      for (const [file, size] of rows)
        console.log(`  ${kb(size.gzip).padStart(7)} KB gzip  ${kb(size.raw).padStart(7)} KB raw  ${file}`);
    };
    const initial = all.filter(([, size]) => !size.later);
    const later = all.filter(([, size]) => size.later);
    const total = sum(initial);
    const target = TARGET_KB[pagePath] ?? 160;
    console.log(
      `\n${pagePath}: ${initial.length} scripts, ${kb(total.raw)} KB raw, ${kb(total.gzip)} KB gzip (target <= ${target} KB gzip: ${total.gzip <= target * 1024 ? "met" : "NOT met"})`,
    );
    print(initial);
    if (later.length > 0) {
      const after = sum(later);
      console.log(`  then, once ${DATA[pagePath]} answered: ${later.length} scripts, ${kb(after.gzip)} KB gzip`);
      print(later);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
