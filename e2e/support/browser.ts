import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { TestWallet } from "./wallet.ts";

/** Debian's chromium; the tests never download a browser. */
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

/** Headless chromium with a fresh profile (Playwright gives each launch its own user-data dir). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** One browser per test file, closed after the file's tests. */
export function useBrowser(): { readonly current: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
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
