import type { EventEmitter } from "node:events";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Disposable, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import type { TestWallet } from "./wallet.ts";
import { processIds, procFile } from "../../scripts/lib/proc.ts";

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
  for (const pid of processIds()) {
    if (!procFile(pid, "cmdline")?.split("\0").includes(runTag(tag))) continue;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // It ended on its own meanwhile.
      }
    }
  }
}

/** The browser of this test worker, started by its first test file and shared by the files after it. */
let workerBrowser: Promise<Browser> | undefined;

type ContextOptions = NonNullable<Parameters<Browser["newContext"]>[0]>;

/** What a kept context needs to be handed on clean: what it was made with and what its holder added to it. */
interface Lease {
  options: ContextOptions;
  /** The pool's key: contexts are handed on only to a holder asking for the same options. */
  key: string;
  /** Init scripts and bindings the holder added (to the context or its pages), removed when it gives the context back. */
  added: Disposable[];
  /** A page emulated other media than the context's. */
  mediaChanged: boolean;
  /** The holder used something a reset cannot undo (a clock, a CDP session): the context is closed, not kept. */
  spoilt: boolean;
  /** The listeners Playwright itself keeps on the context and its pages, which a reset leaves in place. */
  ownListeners: Map<BrowserContext | Page, Set<unknown>>;
  /** The page the context keeps open, which its next holder's first `newPage()` gets. */
  keptPage: Page | undefined;
  /** Whether the context is out with a holder (its `close()` gives it back once). */
  held: boolean;
}

const leases = new WeakMap<BrowserContext, Lease>();
/** Each pooled context's own `close()`, which its holders' `close()` replaces with giving it back. */
const closeForGood = new WeakMap<BrowserContext, BrowserContext["close"]>();
const closeKept = (context: BrowserContext) => closeForGood.get(context)!();
/** Contexts given back, waiting for a holder asking for the same options. */
const keptContexts: BrowserContext[] = [];
/** At most this many contexts wait in the pool; beyond them the one given back first is closed. */
const MAX_KEPT_CONTEXTS = 6;
/** The page a given-back context's kept page waits on: a file of the app's origin that runs no script. */
const RESTING_PATH = "/favicon.svg";
/** The longest a reset may take before the context is closed instead. */
const RESET_TIMEOUT_MS = 10_000;

/**
 * A context of the worker's browser for a holder (a test file's test): one given back earlier with the same options if
 * there is one, else a new one. A new page costs its renderer process about a CPU-second more than a navigation in a
 * page that already ran the app (a new process compiles every script and fetches the app's hundred files again; the
 * contexts of a browser share no cache), so a context given back keeps one page open on a file of the app's origin,
 * and its next holder's first `newPage()` gets that page, cleaned: the holder's init scripts, bindings, routes,
 * cookies, permissions, listeners and other pages are gone, the origin's local and session storage and databases are
 * empty, the viewport and media are the options' again. A context whose holder used a clock or a CDP session is
 * closed instead.
 */
async function leaseContext(browser: Browser, requested: ContextOptions): Promise<BrowserContext> {
  const options: ContextOptions = { reducedMotion: "reduce", ...requested };
  const key = JSON.stringify(options);
  const kept = keptContexts.find((context) => leases.get(context)?.key === key);
  if (kept) {
    keptContexts.splice(keptContexts.indexOf(kept), 1);
    leases.get(kept)!.held = true;
    return kept;
  }
  const context = await browser.newContext(options);
  const lease: Lease = {
    options,
    key,
    added: [],
    mediaChanged: false,
    spoilt: false,
    ownListeners: new Map([[context, listenersOf(context)]]),
    keptPage: undefined,
    held: true,
  };
  leases.set(context, lease);
  watchAdditions(context, lease);
  const close = context.close.bind(context);
  const newPage = context.newPage.bind(context);
  const newCDPSession = context.newCDPSession.bind(context);
  context.newPage = async () => {
    const kept = lease.keptPage;
    lease.keptPage = undefined;
    if (kept && !kept.isClosed()) return kept;
    const page = await newPage();
    lease.ownListeners.set(page, listenersOf(page));
    watchAdditions(page, lease);
    const emulateMedia = page.emulateMedia.bind(page);
    page.emulateMedia = (media) => {
      lease.mediaChanged = true;
      return emulateMedia(media);
    };
    spoilOnUse(page.clock, lease);
    return page;
  };
  context.newCDPSession = (page) => {
    lease.spoilt = true;
    return newCDPSession(page);
  };
  spoilOnUse(context.clock, lease);
  closeForGood.set(context, close);
  context.close = async (closeOptions) => {
    if (!lease.held) return;
    lease.held = false;
    const kept = lease.spoilt ? false : await resetForNextHolder(context, lease).catch(() => false);
    if (!kept) return close(closeOptions);
    keptContexts.push(context);
    const oldest = keptContexts.length > MAX_KEPT_CONTEXTS ? keptContexts.shift() : undefined;
    if (oldest) await closeKept(oldest);
  };
  return context;
}

/** Records the init scripts and bindings added to `target`, for the reset to remove. */
function watchAdditions(target: BrowserContext | Page, lease: Lease): void {
  const addInitScript = target.addInitScript.bind(target) as (...args: unknown[]) => Promise<Disposable>;
  const exposeBinding = target.exposeBinding.bind(target) as (...args: unknown[]) => Promise<Disposable>;
  const exposeFunction = target.exposeFunction.bind(target) as (...args: unknown[]) => Promise<Disposable>;
  const recorded =
    (add: (...args: unknown[]) => Promise<Disposable>) =>
    async (...args: unknown[]) => {
      const disposable = await add(...args);
      lease.added.push(disposable);
      return disposable;
    };
  Object.assign(target, {
    addInitScript: recorded(addInitScript),
    exposeBinding: recorded(exposeBinding),
    exposeFunction: recorded(exposeFunction),
  });
}

type Emitter = BrowserContext | Page;

/** Playwright's contexts and pages are event emitters with Node's interface, which its types do not all declare. */
const asEmitter = (target: Emitter) => target as unknown as EventEmitter;

/** Every listener on `target` now (Playwright's own, when it was just made). */
function listenersOf(target: Emitter): Set<unknown> {
  const emitter = asEmitter(target);
  return new Set(emitter.eventNames().flatMap((event) => emitter.rawListeners(event)));
}

/** Removes the listeners a holder added to `target`, keeping Playwright's own (its close and crash handling). */
function removeHoldersListeners(target: Emitter, lease: Lease): void {
  const own = lease.ownListeners.get(target) ?? new Set();
  const emitter = asEmitter(target);
  for (const event of emitter.eventNames()) {
    for (const listener of emitter.rawListeners(event)) {
      if (!own.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
}

/** Marks the lease spoilt when a test sets or moves `clock`: Playwright's clock cannot be taken out of a page. */
function spoilOnUse(clock: Page["clock"], lease: Lease): void {
  for (const method of ["install", "setFixedTime", "setSystemTime", "runFor", "fastForward", "pauseAt"] as const) {
    const call = clock[method].bind(clock) as (...args: unknown[]) => Promise<void>;
    (clock as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      lease.spoilt = true;
      return call(...args);
    };
  }
}

/**
 * Cleans a given-back context for its next holder (see `leaseContext`); false when none of the pages it made (not a
 * popup the app opened) is left on a web page to keep, which makes a new context as cheap.
 */
async function resetForNextHolder(context: BrowserContext, lease: Lease): Promise<boolean> {
  const pages = context.pages();
  const kept = pages.find((page) => lease.ownListeners.has(page) && page.url().startsWith("http"));
  await Promise.all(pages.filter((page) => page !== kept).map((page) => page.close()));
  if (!kept) return false;
  const reset = async () => {
    await kept.goto(new URL(RESTING_PATH, lease.options.baseURL ?? kept.url()).href);
    await kept.evaluate(async () => {
      localStorage.clear();
      sessionStorage.clear();
      for (const { name } of await indexedDB.databases()) if (name) indexedDB.deleteDatabase(name);
    });
    await Promise.all(lease.added.splice(0).map((added) => added.dispose()));
    await Promise.all([
      context.unrouteAll({ behavior: "ignoreErrors" }),
      kept.unrouteAll({ behavior: "ignoreErrors" }),
      context.clearCookies(),
      context.clearPermissions(),
    ]);
    removeHoldersListeners(context, lease);
    removeHoldersListeners(kept, lease);
    const viewport = lease.options.viewport === undefined ? { width: 1280, height: 720 } : lease.options.viewport;
    const size = kept.viewportSize();
    if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height)) {
      await kept.setViewportSize(viewport);
    }
    if (lease.mediaChanged) {
      await kept.emulateMedia({
        media: null,
        colorScheme: lease.options.colorScheme ?? "light",
        reducedMotion: lease.options.reducedMotion ?? "no-preference",
        forcedColors: lease.options.forcedColors ?? "none",
      });
      lease.mediaChanged = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the context's reset took too long")), RESET_TIMEOUT_MS);
  });
  try {
    await Promise.race([reset(), timeout]);
  } finally {
    clearTimeout(timer);
  }
  lease.keptPage = kept;
  return true;
}

/**
 * The worker's headless chromium, driven in the worker's own process: its files share loaded modules
 * (`isolate: false`), so one browser serves every file, started when the first one needs it. A browser per file cost
 * more CPU than most files' pages, and a browser server in Vitest's main process, which each file reached over a
 * websocket, cost about 20 CPU-seconds a run in protocol traffic. Each file gets a view of the browser whose
 * contexts are given back after the file's tests, to be handed on clean (`leaseContext`). Its contexts ask for reduced
 * motion unless told otherwise (the portal honours prefers-reduced-motion), so a screen is still as soon as it is
 * drawn and no frames are painted for transitions nobody watches. Playwright emulates "no-preference" by default,
 * which overrides chromium's own `--force-prefers-reduced-motion`, so the default is set here, on every context a test
 * file opens. Playwright closes the browser when the worker exits; the run's teardown stops one a killed worker left
 * (`stopRunBrowsers`).
 */
export function useBrowser(): { readonly current: Browser } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const shared = await (workerBrowser ??= launchBrowser([runTag(inject("e2eBrowserTag")), TEST_JS_FLAGS]));
    const view = Object.create(shared) as Browser;
    view.newContext = async (options) => {
      const context = await leaseContext(shared, options ?? {});
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

/**
 * The pages of the contexts a file still holds, each once: a context it gave back (and perhaps took again) waits in the
 * pool on a blank page, which tells nothing about a failure.
 */
export const heldPages = (contexts: BrowserContext[]): Page[] =>
  [...new Set(contexts)].filter((context) => leases.get(context)?.held ?? true).flatMap((context) => context.pages());

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
  const pages = heldPages(contexts);
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
