import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, expect, test } from "vitest";
import { openPage, useBrowser } from "./browser.ts";
import { accessibilityProblems, checkScreen } from "./layout-checks.ts";

const ORIGIN = "http://layout-checks.test";
const browser = useBrowser();
const dir = mkdtempSync(path.join(tmpdir(), "layout-checks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A page on a fake origin showing `body`. */
async function pageWith(body: string): Promise<Page> {
  const page = await openPage(browser.current, { baseURL: ORIGIN });
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><title>checks</title><main>${body}</main></html>`,
    }),
  );
  await page.goto("/");
  return page;
}

const PALE_TEXT = '<h1>Checks</h1><p style="color:#ddd;background:#fff">pale text</p>';
const NAMELESS_BUTTON = "<button></button>";

test("the accessibility check finds colour and other violations on each call, in the page, without opening another page", async () => {
  const page = await pageWith(PALE_TEXT + NAMELESS_BUTTON);
  const opened: string[] = [];
  page.context().on("page", (other) => opened.push(other.url()));

  const all = await accessibilityProblems(page);
  expect(all.some((problem) => problem.startsWith("serious color-contrast:"))).toBe(true);
  expect(all.some((problem) => problem.startsWith("critical button-name:"))).toBe(true);

  const colours = await accessibilityProblems(page, { coloursOnly: true });
  expect(colours.map((problem) => problem.split(":")[0])).toEqual(["serious color-contrast"]);

  await page.evaluate(() => document.querySelector("button")?.setAttribute("aria-label", "Go"));
  const fixed = await accessibilityProblems(page);
  expect(fixed.some((problem) => problem.includes("button-name"))).toBe(false);
  expect(fixed.some((problem) => problem.includes("color-contrast"))).toBe(true);

  expect(opened).toEqual([]);
  await page.context().close();
});

test("a checked screen leaves a JPEG screenshot at each size for a reviewer", async () => {
  const page = await pageWith("<h1>Checks</h1><p>Readable text</p>");
  await checkScreen(page, dir, "sample");
  for (const size of ["desktop", "phone"]) {
    const bytes = readFileSync(path.join(dir, `${size}-sample.jpg`));
    expect([...bytes.subarray(0, 3)], size).toEqual([0xff, 0xd8, 0xff]);
  }
  await page.context().close();
});
