import { randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import { expect, test } from "vitest";
import { heldPages, useBrowser } from "./browser.ts";
import { useStack } from "./stack.ts";

const stack = useStack();
const browser = useBrowser();

/** Options no other file asks for, so that the pool can hand this file only the contexts it gave back itself. */
const ownOptions = () => ({
  baseURL: stack.current.urls.web,
  extraHTTPHeaders: { "x-pool-probe": randomBytes(4).toString("hex") },
});

test("a context given back is handed on with its page and nothing its holder left in it", async () => {
  const options = ownOptions();
  const first = await browser.current.newContext(options);
  const page = await first.newPage();
  await first.addInitScript(() => Object.assign(window, { addedByTheHolder: true }));
  await page.exposeBinding("holdersBinding", () => "from the holder");
  await page.route("**/api/**", (route) => route.abort());
  await first.addCookies([{ name: "holder", value: "1", url: options.baseURL }]);
  await first.grantPermissions(["clipboard-read"]);
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/faq");
  await page.evaluate(async () => {
    localStorage.setItem("holder", "1");
    sessionStorage.setItem("holder", "1");
    await new Promise((resolve) => (indexedDB.open("holder").onsuccess = resolve));
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark", reducedMotion: "no-preference" });
  await first.close();

  const next = await browser.current.newContext(options);
  expect(next).toBe(first);
  const handedOn = await next.newPage();
  expect(handedOn).toBe(page);
  const events = handedOn as unknown as EventEmitter;
  expect(events.listenerCount("dialog")).toBe(0);
  expect(events.listenerCount("close")).toBeGreaterThan(0);
  await handedOn.goto("/faq");
  expect(
    await handedOn.evaluate(async () => ({
      initScript: "addedByTheHolder" in window,
      binding: "holdersBinding" in window,
      localStorage: localStorage.length,
      sessionStorage: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
      cookie: document.cookie,
      clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state,
      width: innerWidth,
      dark: matchMedia("(prefers-color-scheme: dark)").matches,
      reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
      api: await fetch("/api/setting").then((answer) => answer.status),
    })),
  ).toEqual({
    initScript: false,
    binding: false,
    localStorage: 0,
    sessionStorage: 0,
    databases: 0,
    cookie: "",
    clipboard: "prompt",
    width: 1280,
    dark: false,
    reducedMotion: true,
    api: 200,
  });
  await handedOn.exposeBinding("holdersBinding", () => "from the next holder");
  await next.close();
});

test("a context whose clock was set is closed, not handed on; other options get another context", async () => {
  const options = ownOptions();
  const clocked = await browser.current.newContext(options);
  const page = await clocked.newPage();
  await page.clock.setFixedTime(new Date("2020-01-01T00:00:00Z"));
  await page.goto("/faq");
  await clocked.close();
  expect(page.isClosed()).toBe(true);

  const fresh = await browser.current.newContext(options);
  expect(fresh).not.toBe(clocked);
  await (await fresh.newPage()).goto("/faq");
  await fresh.close();
  const other = await browser.current.newContext({ ...options, viewport: { width: 390, height: 844 } });
  expect(other).not.toBe(fresh);
  await other.close();
});

test("a failed test's report shows the pages of the contexts still held, once each, not the pool's resting pages", async () => {
  const options = ownOptions();
  const given = await browser.current.newContext(options);
  await (await given.newPage()).goto("/faq");
  await given.close();
  const taken = await browser.current.newContext(options);
  expect(taken).toBe(given);
  const page = await taken.newPage();
  await page.goto("/faq");
  const other = await browser.current.newContext(ownOptions());
  await (await other.newPage()).goto("/faq");
  await other.close();

  expect(heldPages([given, other, taken])).toEqual([page]);
  await taken.close();
  expect(heldPages([given, other, taken])).toEqual([]);
});
