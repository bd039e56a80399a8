import { chromium, type Browser, type BrowserServer, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
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

/** Headless chromium with a fresh profile (Playwright gives each launch its own user-data dir), as the benches use it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: HEADLESS_SHELL_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** The run's one headless chromium, which every browser-test file connects to (e2e/support/global-stack.ts). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: HEADLESS_SHELL_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A connection per test file to the run's browser, closed after the file's tests with every context the file opened.
 * Starting a browser per file cost more CPU than most files' pages. Its contexts ask for reduced motion unless told
 * otherwise (the portal honours prefers-reduced-motion), so a screen is still as soon as it is drawn and no frames are
 * painted for transitions nobody watches. Playwright emulates "no-preference" by default, which overrides chromium's
 * own `--force-prefers-reduced-motion`, so the default is set here, on every context a test file opens.
 */
export function useBrowser(): { readonly current: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const connected = await chromium.connect(inject("e2eBrowser"));
    const newContext = connected.newContext.bind(connected);
    connected.newContext = (options) => newContext({ reducedMotion: "reduce", ...options });
    browser = connected;
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get current() {
      if (!browser) throw new Error("The browser is not running yet (use it inside a test)");
      return browser;
    },
  };
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
