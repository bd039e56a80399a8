/**
 * The JavaScript a browser downloads to show a first screen, gzip-compressed as a server would send it
 * (target for `/` and `/admin/login`: at most 160 KB each). Starts the whole stack on free ports in a temporary folder, opens each
 * page in chromium on a fresh profile, and sums every script the page loaded until it settled.
 * `npm run bench:initial-js` (PAGES=/,/admin/login to choose the pages).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../e2e/support/browser.ts";
import { startStack } from "../scripts/stack.ts";

const PAGES = (process.env.PAGES ?? "/,/admin/login").split(",");
const TARGET_KB = 160;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-js-"));
const stack = await startStack({ dataDir: dir, log: (service, line) => console.error(`[${service}] ${line}`) });
const browser = await launchBrowser();
try {
  for (const pagePath of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, { raw: number; gzip: number }>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.body().catch(() => null);
      if (body)
        scripts.set(new URL(response.url()).pathname, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${stack.urls.web}${pagePath}`, { waitUntil: "networkidle" });
    await page.locator("h1").first().waitFor();
    const rows = [...scripts.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
    const total = rows.reduce((sum, [, size]) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), {
      raw: 0,
      gzip: 0,
    });
    console.log(
      `\n${pagePath}: ${rows.length} scripts, ${kb(total.raw)} KB raw, ${kb(total.gzip)} KB gzip (target <= ${TARGET_KB} KB gzip: ${total.gzip <= TARGET_KB * 1024 ? "met" : "NOT met"})`,
    );
    for (const [file, size] of rows)
      console.log(`  ${kb(size.gzip).padStart(7)} KB gzip  ${kb(size.raw).padStart(7)} KB raw  ${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
