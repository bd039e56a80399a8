import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, expect, test } from "vitest";
import { openPage, useBrowser } from "./browser.ts";
import { accessibilityProblems, checkScreen, layoutProblems } from "./layout-checks.ts";

const ORIGIN = "http://layout-checks.test";
const browser = useBrowser();
const dir = mkdtempSync(path.join(tmpdir(), "layout-checks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A page on a fake origin showing `body`. */
async function pageWith(body: string): Promise<Page> {
  const page = await openPage(browser.current, { baseURL: ORIGIN });
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
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

test("the layout check finds a value wider than its table column, drawn over the next one", async () => {
  const cells = (amountWidth: string) =>
    `<h1>Checks</h1><table style="table-layout:fixed;width:300px"><tr><td>August 2026</td>` +
    `<td><span style="white-space:nowrap;display:inline-block;width:${amountWidth}">123,456,789.1234 PLI</span></td>` +
    `<td>31-10-2026</td></tr></table>`;
  const page = await pageWith(cells("180px"));
  expect(await layoutProblems(page)).toEqual([
    expect.stringMatching(/^td "123,456,789\.1234 PLI" overflows its column: \d+px in \d+px$/),
  ]);
  await page.evaluate(() => document.querySelector("table")!.style.setProperty("width", "720px"));
  expect(await layoutProblems(page)).toEqual([]);
  await page.context().close();
});

test("the layout check finds an amount kept on one line running past its grid cell into the next one", async () => {
  const grid = (width: string) =>
    `<h1>Checks</h1><div style="display:grid;grid-template-columns:repeat(2,minmax(0,1fr));width:${width}">` +
    `<div><span style="white-space:nowrap">123,456,789.1234 PLI</span></div><div>699,610.12 % a year</div></div>`;
  const page = await pageWith(grid("200px"));
  expect(await layoutProblems(page)).toEqual([
    expect.stringMatching(/^"123,456,789\.1234 PLI" runs \d+px past its box, over what is beside it$/),
  ]);
  await page.evaluate(() => document.querySelector<HTMLElement>("div")!.style.setProperty("width", "600px"));
  expect(await layoutProblems(page)).toEqual([]);
  await page.context().close();
});

test("the layout check finds a chart's axis labels run into each other", async () => {
  const axis = (gap: number) =>
    `<h1>Checks</h1><svg width="120" height="200"><g class="recharts-yAxis-tick-labels">` +
    [0, 1, 2]
      .map(
        (i) =>
          `<text x="4" y="${20 + i * gap}" font-size="12"><tspan x="4">9.00 ×</tspan><tspan x="4" dy="14">10⁵⁹</tspan><tspan x="4" dy="14">PLI</tspan></text>`,
      )
      .join("") +
    `</g></svg>`;
  const page = await pageWith(axis(30));
  expect(await layoutProblems(page)).toEqual([
    'chart axis labels "9.00 ×10⁵⁹PLI" and "9.00 ×10⁵⁹PLI" overlap',
    'chart axis labels "9.00 ×10⁵⁹PLI" and "9.00 ×10⁵⁹PLI" overlap',
  ]);
  await page.setContent(axis(60));
  expect(await layoutProblems(page)).toEqual([]);
  await page.context().close();
});

test("a checked screen that passes leaves no screenshot; one with a problem leaves a JPEG of the size that has it; SCREENSHOTS=1 keeps both sizes", async () => {
  const page = await pageWith('<h1>Checks</h1><p>Readable text</p><button class="shot"></button>');
  await expect(checkScreen(page, dir, "sample", { keep: false })).rejects.toThrow(
    /desktop sample: critical button-name/,
  );
  expect([...readFileSync(path.join(dir, "desktop-sample.jpg")).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(existsSync(path.join(dir, "phone-sample.jpg"))).toBe(false);

  await page.evaluate(() => document.querySelector("button")?.setAttribute("aria-label", "Go"));
  await checkScreen(page, dir, "fixed", { keep: false });
  expect(readdirSync(dir).filter((file) => file.includes("fixed"))).toEqual([]);
  await checkScreen(page, dir, "kept", { keep: true });
  expect(
    readdirSync(dir)
      .filter((file) => file.includes("kept"))
      .sort(),
  ).toEqual(["desktop-kept.jpg", "phone-kept.jpg"]);
  await page.context().close();
});

/** Counts the page's axe runs, in the page, once checkScreen has loaded axe into it. */
const axeRuns = (page: Page) =>
  page.evaluate(() => {
    const withAxe = window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> }; axeRuns: number };
    if (withAxe.axeRuns === undefined) {
      const run = withAxe.axe.run.bind(withAxe.axe);
      withAxe.axeRuns = 0;
      withAxe.axe.run = (...args) => {
        withAxe.axeRuns += 1;
        return run(...args);
      };
    }
    return withAxe.axeRuns;
  });

test("axe checks again only what is new to the file: a dialog over a checked screen, a part in the other scheme's colours", async () => {
  const page = await pageWith(
    '<style>[data-mantine-color-scheme="dark"] .scheme-pale { color: #ddd; background: #fff }</style>' +
      '<h1>Checks</h1><p class="scheme-pale">Text that the dark scheme pales</p>',
  );
  await page.evaluate(() => document.documentElement.setAttribute("data-mantine-color-scheme", "light"));
  await checkScreen(page, dir, "light");
  const afterFirst = await axeRuns(page);
  await checkScreen(page, dir, "light-again");
  expect(await axeRuns(page), "a screen with nothing new is not scanned again").toBe(afterFirst);

  await page.evaluate(() => {
    const dialog = document.body.appendChild(document.createElement("div"));
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-label", "Confirm");
    dialog.appendChild(document.createElement("button"));
  });
  await expect(checkScreen(page, dir, "dialog")).rejects.toThrow(/desktop dialog: critical button-name/);
  await page.evaluate(() => document.querySelector("[role=dialog]")?.remove());

  await page.evaluate(() => document.documentElement.setAttribute("data-mantine-color-scheme", "dark"));
  await expect(checkScreen(page, dir, "dark")).rejects.toThrow(/desktop dark: serious color-contrast/);
  expect(await axeRuns(page)).toBe(afterFirst + 2);
  await page.context().close();
});
