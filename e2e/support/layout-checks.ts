/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import axe, { type AxeResults, type RunOptions } from "axe-core";
import type { Page } from "playwright-core";

/** Problems a person would see on the page as it is now; an empty list means none. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth)
      problems.push(`page is ${scrollWidth}px wide on a ${window.innerWidth}px screen`);

    const visible = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    /** The lines a piece of a text node is laid out over. */
    const linesOf = (node: Node, start: number, text: string) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + text.length);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    for (const el of document.querySelectorAll("th, td, button, a, [role=tab], [role=button], h1")) {
      if (!visible(el)) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        // A word, and an amount with its unit ("1250 PLI"), each keep one line.
        for (const [kind, pattern] of [
          ["text", /\S+/g],
          ["amount", /\d[\d,.]*\s+(?:PLI|XDC|USD)\b/g],
        ] as const) {
          for (const match of text.matchAll(pattern)) {
            const lines = linesOf(node, match.index, match[0]);
            if (lines > 1)
              problems.push(`${el.tagName.toLowerCase()} ${kind} "${match[0]}" is broken over ${lines} lines`);
          }
        }
      }
    }

    // A status badge shows its whole word ("ACTIVE", not "ACT…"): a badge cut by its column hides the row's state.
    for (const label of document.querySelectorAll("[class*='Badge-label']")) {
      if (!visible(label) || label.scrollWidth <= label.clientWidth + 1) continue;
      problems.push(
        `badge "${(label.textContent ?? "").trim()}" is cut: ${label.scrollWidth}px in ${label.clientWidth}px`,
      );
    }

    // A row card's action is a finger's target on a phone: 44 px tall at least.
    for (const target of document.querySelectorAll("[data-card-action] :is(button, a)")) {
      const { height } = target.getBoundingClientRect();
      if (visible(target) && height > 0 && height < 43.5)
        problems.push(`tap target "${(target.textContent ?? "").trim()}" is ${Math.round(height)}px tall, under 44px`);
    }

    // On a phone (below Mantine's sm breakpoint, 48em) a list shows its rows as cards, and from a 1366 px laptop up
    // every table fits its box: a table wider than the box it scrolls in hides columns (a row's status, its Withdraw
    // button) off to the side. Between the two (a tablet) a wide table may scroll.
    if (!window.matchMedia("(min-width: 48em)").matches || window.innerWidth >= 1366) {
      for (const table of document.querySelectorAll("table")) {
        if (!visible(table)) continue;
        let box = table.parentElement;
        while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
        if (box && box.scrollWidth > box.clientWidth + 1)
          problems.push(
            `table "${table.getAttribute("aria-label") ?? ""}" scrolls sideways: ${box.scrollWidth}px in a ${box.clientWidth}px box`,
          );
      }
    }

    const titles = [...document.querySelectorAll("h1")].filter(visible);
    if (titles.length !== 1)
      problems.push(
        `${titles.length} visible page titles (h1): ${titles.map((h) => JSON.stringify(h.textContent)).join(", ")}`,
      );
    const backs = [...document.querySelectorAll('[aria-label="Go back"]')].filter(visible);
    if (backs.length > 1) problems.push(`${backs.length} back arrows`);
    return problems;
  });
}

/** The visible page title (h1). */
export const pageTitle = async (page: Page) => ((await page.locator("h1:visible").first().textContent()) ?? "").trim();

/**
 * The axe rules whose outcome depends on colours. Switching the colour scheme changes only CSS variables, never the
 * document, so a page already checked with every rule in one scheme needs only these in the other.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe-core's findings on the page, run in the page itself. AxeBuilder evaluates axe's source (about 600 KB) again on
 * every call and finishes each run in a new blank page of its own, which serves cross-origin frames; a page without
 * frames gets the same findings from `axe.run` in place, with axe loaded once per document (a navigation inside the
 * app keeps it). A page with frames still goes through AxeBuilder.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).options(options).analyze();
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
}

/**
 * Serious and critical accessibility violations found by axe-core (WCAG 2.1 A and AA rules), or by its colour rules
 * alone with `coloursOnly`.
 */
export async function accessibilityProblems(page: Page, { coloursOnly = false } = {}): Promise<string[]> {
  const result = await runAxe(page, {
    resultTypes: ["violations"],
    runOnly: coloursOnly
      ? { type: "rule", values: COLOUR_RULES }
      : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  });
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 3)
          .join("; ")})`,
    );
}

/** The two colour schemes the portal follows from the system setting; every screen is checked in both. */
export const COLOR_SCHEMES = ["light", "dark"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/**
 * Switches the system colour setting the page sees and waits until the portal has followed it (the
 * theme's scheme attribute on the root) and its colour transitions have ended, so axe measures the
 * final colours.
 */
export async function showInScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (wanted) => document.documentElement.getAttribute("data-mantine-color-scheme") === wanted,
    scheme,
    { timeout: 5_000 },
  );
  await transitionsEnded(page);
}

/** Resolves after the page has drawn two more frames: whatever a click or a resize set off has been rendered. */
export const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Two frames, then up to 2 s for the page's running transitions and animations to end. */
async function transitionsEnded(page: Page): Promise<void> {
  await twoFrames(page);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

/** Resolves once the page's web fonts are ready, so screenshots and measurements are final. */
export const fontsReady = (page: Page) => page.evaluate(() => document.fonts.ready.then(() => undefined));

/** Whether two boxes overlap. */
export const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Waits until the page has laid itself out for a new screen width: two frames, then up to 2 s for its
 * width to fit, so a page still reflowing on a busy machine is not taken for one too wide (a page that
 * stays too wide is reported by layoutProblems), then up to 2 s for its transitions to end (the frame's
 * sidebar slides away when the width crosses the phone breakpoint, and with a dialog open nothing else
 * waits for it).
 */
async function settledAt(page: Page, width: number): Promise<void> {
  await twoFrames(page);
  await page
    .waitForFunction((w) => document.documentElement.scrollWidth <= w, width, { timeout: 2_000 })
    .catch(() => undefined);
  await transitionsEnded(page);
}

/**
 * How the tests save screenshots, which only people look at: JPEG, which chromium encodes several times faster than
 * PNG, at a quality that keeps small text sharp.
 */
export const SCREENSHOT = { type: "jpeg", quality: 90 } as const;

/** The two sizes every screen is looked at: a laptop and a phone. */
export const SCREEN_SIZES = [
  { name: "desktop", viewport: { width: 1366, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

/**
 * Screenshots a screen in `dir` at both sizes and fails on any layout problem there; axe runs at
 * desktop size (the phone shows the same components in one column, and the layout test runs axe on
 * each frame at phone size). Leaves the page at desktop size.
 */
export async function checkScreen(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const problems: string[] = [];
  for (const { name: size, viewport } of SCREEN_SIZES) {
    await page.setViewportSize(viewport);
    await settledAt(page, viewport.width);
    const found = [...(await layoutProblems(page)), ...(size === "desktop" ? await accessibilityProblems(page) : [])];
    problems.push(...found.map((problem) => `${size} ${name}: ${problem}`));
    await page.screenshot({ path: path.join(dir, `${size}-${name}.jpg`), fullPage: true, ...SCREENSHOT });
  }
  await page.setViewportSize(SCREEN_SIZES[0].viewport);
  if (problems.length > 0) throw new Error(`screen problems:\n${problems.join("\n")}`);
}
