import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import type { TestWallet } from "./wallet.ts";

/**
 * Debian's chromium headless shell, which the tests and benches drive: the same Blink as the browser without its
 * window and browser interface, which spent about a quarter more CPU on the same pages. The tests never download a
 * browser.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/** Debian's chromium itself, for Lighthouse, which audits a page in the browser people use (`--headless=new`). */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** The flags every chromium of the project starts with: nothing reaches out to the closed network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * V8 without its optimizing compilers (Maglev, TurboFan) in the test browser's pages: a test page lives for seconds,
 * and compiling its hot functions on background threads bought speed no test used (the interpreter and the baseline
 * compiler run the same JavaScript with the same results). Four browser files, two runs each, interleaved
 * (`npm run bench:test-cpu -- e2e/operator.browser.test.ts e2e/jobs.browser.test.ts e2e/admin.browser.test.ts
 * e2e/nodes.browser.test.ts`): the renderers 36.0 and 37.3 CPU-s against 40.1 and 42.6. The benches, which time the
 * product, keep V8's defaults.
 */
const TEST_JS_FLAGS = "--js-flags=--no-opt,--no-maglev";

/**
 * Headless chromium with a fresh profile (Playwright gives each launch its own user-data dir), as the benches use it.
 * `extraArgs` are added to the project's flags.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * A switch chromium ignores, given to the browser of a browser-test run so that the run's teardown can find it by its
 * command line (`stopRunBrowsers`) should a worker end without closing it.
 */
export const runTag = (tag: string) => `--pli-e2e-run=${tag}`;

/**
 * Stops every browser a browser-test run tagged `tag` left running, with the processes it started (each launched
 * chromium leads a process group of its own). A worker that exits closes its browser itself; this is for one that was
 * killed.
 */
export function stopRunBrowsers(tag: string): void {
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let commandLine: string;
    try {
      commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (!commandLine.split("\0").includes(runTag(tag))) continue;
    try {
      process.kill(-Number(entry), "SIGKILL");
    } catch {
      try {
        process.kill(Number(entry), "SIGKILL");
      } catch {
        // It ended on its own meanwhile.
      }
    }
  }
}

/** The browser of this test worker, started by its first test file and shared by the files after it. */
let workerBrowser: Promise<Browser> | undefined;

/**
 * The worker's headless chromium, driven in the worker's own process: its files share loaded modules
 * (`isolate: false`), so one browser serves every file, started when the first one needs it. A browser per file cost
 * more CPU than most files' pages, and a browser server in Vitest's main process, which each file reached over a
 * websocket, cost about 20 CPU-seconds a run in protocol traffic. Each file gets a view of the browser whose
 * contexts are closed after the file's tests. Its contexts ask for reduced motion unless told otherwise (the portal
 * honours prefers-reduced-motion), so a screen is still as soon as it is drawn and no frames are painted for
 * transitions nobody watches. Playwright emulates "no-preference" by default, which overrides chromium's own
 * `--force-prefers-reduced-motion`, so the default is set here, on every context a test file opens. Playwright closes
 * the browser when the worker exits; the run's teardown stops one a killed worker left (`stopRunBrowsers`).
 */
export function useBrowser(): { readonly current: Browser } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const shared = await (workerBrowser ??= launchBrowser([runTag(inject("e2eBrowserTag")), TEST_JS_FLAGS]));
    const view = Object.create(shared) as Browser;
    view.newContext = async (options) => {
      const context = await shared.newContext({ reducedMotion: "reduce", ...options });
      contexts.push(context);
      return context;
    };
    browser = view;
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(() => reportFailedPages(task.file.name, task.name, contexts));
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return {
    get current() {
      if (!browser) throw new Error("The browser is not running yet (use it inside a test)");
      return browser;
    },
  };
}

/** Where a failed test leaves a screenshot of each page it had open. */
const FAILURES = path.join(import.meta.dirname, "..", "artifacts", "failures");
/** How much of a page's text a failure prints: enough to tell an error state, a spinner or another screen apart. */
const FAILURE_TEXT_CHARS = 1500;

/**
 * Prints, for a failed test, the address and the visible text of each page its file has open, and leaves a screenshot
 * of each beside the others: a run's log (CI's included) then shows what the user would have seen, not only which
 * locator was missing.
 */
async function reportFailedPages(file: string, test: string, contexts: BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages());
  mkdirSync(FAILURES, { recursive: true });
  const slug = `${path.basename(file, ".browser.test.ts")}--${test}`.replace(/[^\w.-]+/g, "-").slice(0, 120);
  for (const [index, page] of pages.entries()) {
    const screenshot = path.join(FAILURES, `${slug}-${index}.png`);
    const text = await page
      .locator("body")
      .innerText({ timeout: 2_000 })
      .catch((error: unknown) => `(no text: ${error instanceof Error ? error.message : String(error)})`);
    await page.screenshot({ path: screenshot, fullPage: true, timeout: 5_000 }).catch(() => undefined);
    console.error(
      `[failed test] ${test}: page ${index + 1} of ${pages.length} at ${page.url()} (screenshot ${screenshot}):\n` +
        text.replace(/\s+/g, " ").slice(0, FAILURE_TEXT_CHARS),
    );
  }
}

export interface OpenPageOptions {
  baseURL: string;
  /** Injected before any script of the page runs; without it the page sees a browser with no wallet. */
  wallet?: TestWallet;
}

/** A page in its own browser context (no shared storage between tests). */
export async function openPage(browser: Browser, options: OpenPageOptions): Promise<Page> {
  const context = await browser.newContext({ baseURL: options.baseURL });
  const page = await context.newPage();
  if (options.wallet) await options.wallet.install(page);
  return page;
}
