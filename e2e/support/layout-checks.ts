/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import axe, { type AxeResults, type RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { z } from "zod";

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

    // A table cell holds what it shows: a value wider than its column (an amount kept on one line) is drawn over the
    // next column's.
    for (const cell of document.querySelectorAll("th, td")) {
      if (!visible(cell) || cell.scrollWidth <= cell.clientWidth + 1) continue;
      problems.push(
        `${cell.tagName.toLowerCase()} "${(cell.textContent ?? "").trim()}" overflows its column: ${cell.scrollWidth}px in ${cell.clientWidth}px`,
      );
    }

    // A value kept on one line (an amount, an address) ends inside the box it is laid out in: one wider than its box
    // (a grid cell on a phone) is drawn over the next cell's text. A box that scrolls or clips shows it on purpose, a
    // badge placed on a corner (a count on the bell) sits outside its box on purpose, and a table's cells are checked
    // above.
    for (const value of document.querySelectorAll("span, p, div")) {
      const style = getComputedStyle(value);
      if (style.whiteSpace !== "nowrap" || style.position === "absolute" || value.closest("th, td") || !visible(value))
        continue;
      let box = value.parentElement;
      while (box && getComputedStyle(box).display.startsWith("inline")) box = box.parentElement;
      if (!box || getComputedStyle(box).overflowX !== "visible") continue;
      const right = value.getBoundingClientRect().right;
      const edge = box.getBoundingClientRect().right - parseFloat(getComputedStyle(box).paddingRight);
      if (right > edge + 1)
        problems.push(
          `"${(value.textContent ?? "").trim()}" runs ${Math.round(right - edge)}px past its box, over what is beside it`,
        );
    }

    // A chart's value axis keeps each label apart from the next: a label too long for the axis's width wraps, and its
    // lines run into the next label's.
    for (const axis of document.querySelectorAll(".recharts-yAxis-tick-labels")) {
      const labels = [...axis.querySelectorAll("text")].filter(visible).map((text) => ({
        text: (text.textContent ?? "").trim(),
        box: text.getBoundingClientRect(),
      }));
      for (const [i, a] of labels.entries())
        for (const b of labels.slice(i + 1))
          if (
            a.box.bottom > b.box.top + 1 &&
            b.box.bottom > a.box.top + 1 &&
            a.box.right > b.box.left &&
            b.box.right > a.box.left
          )
            problems.push(`chart axis labels "${a.text}" and "${b.text}" overlap`);
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
    // The page title is read whole: one clamped to fewer lines than it needs shows only its first words ('Node…').
    for (const title of titles)
      if (title.scrollHeight > title.clientHeight + 1)
        problems.push(`the page title ${JSON.stringify((title.textContent ?? "").trim())} is cut short`);
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

/** axe's WCAG 2.1 A and AA rules. */
const WCAG_RULES: RunOptions["runOnly"] = { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] };

/** Loads axe-core into the page's document once (a navigation inside the app keeps it). */
async function loadAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
}

/**
 * axe-core's findings on the page, run in the page itself. AxeBuilder evaluates axe's source (about 600 KB) again on
 * every call and finishes each run in a new blank page of its own, which serves cross-origin frames; a page without
 * frames gets the same findings from `axe.run` in place. A page with frames still goes through AxeBuilder.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).options(options).analyze();
  await loadAxe(page);
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
}

/** The serious and critical violations among axe's findings, one line each. */
const seriousProblems = (violations: AxeResults["violations"]) =>
  violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 3)
          .join("; ")})`,
    );

/**
 * Serious and critical accessibility violations found by axe-core (WCAG 2.1 A and AA rules) on the whole page, or by
 * its colour rules alone with `coloursOnly`.
 */
export async function accessibilityProblems(page: Page, { coloursOnly = false } = {}): Promise<string[]> {
  const result = await runAxe(page, {
    resultTypes: ["violations"],
    runOnly: coloursOnly ? { type: "rule", values: COLOUR_RULES } : WCAG_RULES,
  });
  return seriousProblems(result.violations);
}

/** The kinds of element axe has checked in one test file: in any scheme (for every rule), and per colour scheme. */
interface Checked {
  all: Set<number>;
  byScheme: Map<string, Set<number>>;
}

/** What axe has checked so far in each test file, by the file's path. */
const checkedByFile = new Map<string, Checked>();

/**
 * The screen's serious and critical accessibility violations, with axe run only over what this test file has not had
 * checked yet. A test file checks one screen in several states (a list, then its row in a new status, a dialog over
 * it, a field's error), and most of each state is the frame and content already checked: axe's rules on a part the
 * file has checked would find the same again. An element's kind is its tag, its attributes (presence alone for names,
 * ids and addresses; numbers of geometry aside) and whether it holds text of its own: what axe's rules read of the
 * element itself. The first screen of a file is checked whole, page-level rules included. After that axe runs, with
 * every rule, over each element of a new kind together with its parent (whose rules read its children: a list and its
 * items, a table and its cells), and with only the colour rules when what is new is a colour scheme the document was
 * checked in before; contrast is still measured against the whole page around each element. A screen with nothing new
 * is not scanned again. These part scans skip axe's preload, which fetches and parses every stylesheet of the page again
 * for the one rule that reads them (css-orientation-lock, on the root element, outside any part). The layout sweep
 * checks every page whole, in both schemes.
 */
async function newAccessibilityProblems(page: Page): Promise<string[]> {
  if (page.frames().length > 1) return accessibilityProblems(page);
  const file = expect.getState().testPath ?? "";
  const checked = checkedByFile.get(file) ?? { all: new Set<number>(), byScheme: new Map<string, Set<number>>() };
  checkedByFile.set(file, checked);
  await loadAxe(page);
  const scan = await page.evaluate(
    async ({ all, byScheme, wcag, colourRules }) => {
      /** A 53-bit hash of a string (cyrb53), which keeps the lists passed to and fro short. */
      const hash = (text: string) => {
        let h1 = 0xdeadbeef;
        let h2 = 0x41c6ce57;
        for (let i = 0; i < text.length; i++) {
          const code = text.charCodeAt(i);
          h1 = Math.imul(h1 ^ code, 2654435761);
          h2 = Math.imul(h2 ^ code, 1597334677);
        }
        h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
        h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
        return 4294967296 * (2097151 & h2) + (h1 >>> 0);
      };
      const PRESENCE = new Set([
        "id",
        "for",
        "name",
        "href",
        "src",
        "value",
        "alt",
        "title",
        "placeholder",
        "aria-label",
        "aria-labelledby",
        "aria-describedby",
        "aria-description",
        "aria-controls",
        "aria-owns",
        "aria-activedescendant",
        "aria-errormessage",
        "aria-valuetext",
      ]);
      const GEOMETRY = /^(d|x\d?|y\d?|cx|cy|r|width|height|points|transform|viewbox|aria-value(now|min|max))$/;
      const kindOf = (el: Element) => {
        const parts: string[] = [el.tagName];
        for (const { name, value } of el.attributes) {
          if (PRESENCE.has(name)) parts.push(`${name}${value.trim() ? "+" : "-"}`);
          else parts.push(`${name}=${GEOMETRY.test(name) ? value.replace(/[\d.]+/g, "0") : value}`);
        }
        const ownText = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        parts.push(ownText ? "text" : "");
        return hash(parts.join("\u0001"));
      };
      const scheme = document.documentElement.getAttribute("data-mantine-color-scheme") ?? "";
      const checkedAll = new Set(all);
      const checkedHere = new Set(byScheme[scheme] ?? []);
      const kinds = new Set<number>();
      const roots = new Set<Element>();
      let newToAll = false;
      for (const el of document.body.querySelectorAll("*")) {
        const kind = kindOf(el);
        kinds.add(kind);
        if (checkedHere.has(kind)) continue;
        newToAll ||= !checkedAll.has(kind);
        const parent = el.parentElement;
        roots.add(parent && parent !== document.body ? parent : el);
      }
      const axeRun = (window as unknown as { axe: typeof axe }).axe.run;
      const options = (runOnly: RunOptions["runOnly"]): RunOptions => ({ resultTypes: ["violations"], runOnly });
      let result: AxeResults | undefined;
      if (checkedAll.size === 0) result = await axeRun(document, options(wcag));
      else if (roots.size > 0) {
        const include = [...roots].filter((el) => {
          for (let up = el.parentElement; up; up = up.parentElement) if (roots.has(up)) return false;
          return true;
        });
        const runOnly = newToAll ? wcag : { type: "rule" as const, values: colourRules };
        result = await axeRun({ include }, { ...options(runOnly), preload: false });
      }
      return { scheme, kinds: [...kinds], violations: result?.violations ?? [] };
    },
    {
      all: [...checked.all],
      byScheme: Object.fromEntries([...checked.byScheme].map(([scheme, kinds]) => [scheme, [...kinds]])),
      wcag: WCAG_RULES,
      colourRules: COLOUR_RULES,
    },
  );
  const inScheme = checked.byScheme.get(scan.scheme) ?? new Set<number>();
  checked.byScheme.set(scan.scheme, inScheme);
  for (const kind of scan.kinds) {
    checked.all.add(kind);
    inScheme.add(kind);
  }
  return seriousProblems(scan.violations);
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

/**
 * A JPEG of the whole page as a screen that tall shows it, at `file`: the viewport is stretched to the page's height
 * for the picture and then put back. Playwright's full-page capture leaves fixed parts where the first screen has them,
 * so on a long page the phone's bottom navigation showed in the middle of the content; here it sits at the bottom, where
 * a person sees it.
 */
export async function fullPageScreenshot(page: Page, file: string): Promise<void> {
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (!viewport || height <= viewport.height) {
    await page.screenshot({ path: file, ...SCREENSHOT });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height });
  try {
    await page.screenshot({ path: file, ...SCREENSHOT });
  } finally {
    await page.setViewportSize(viewport);
  }
}

/** The two sizes every screen is looked at: a laptop and a phone. */
export const SCREEN_SIZES = [
  { name: "desktop", viewport: { width: 1366, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

/**
 * Whether checked screens and the layout sweep's pages leave screenshots for a reviewer (`SCREENSHOTS=1`). Without it
 * only a screen or page with a problem leaves them: encoding a full-page picture costs the browser more than most
 * checks, and nobody looks at the rest on a passing run.
 */
export const KEEP_SCREENSHOTS =
  z
    .enum(["0", "1"], { error: "SCREENSHOTS is 1 (keep every checked screen's screenshots) or 0" })
    .default("0")
    .parse(process.env.SCREENSHOTS) === "1";

/**
 * Checks a screen at both sizes and fails on any layout problem there; axe runs at desktop size over what the test
 * file has not had checked (`newAccessibilityProblems`; the phone shows the same components in one column, and the
 * layout test runs axe on each frame at phone size). Leaves a screenshot in `dir` of each size that has a problem, of
 * each size with `keep` (`SCREENSHOTS=1`). Leaves the page at desktop size.
 */
export async function checkScreen(
  page: Page,
  dir: string,
  name: string,
  { keep = KEEP_SCREENSHOTS }: { keep?: boolean } = {},
): Promise<void> {
  const problems: string[] = [];
  for (const { name: size, viewport } of SCREEN_SIZES) {
    await page.setViewportSize(viewport);
    await settledAt(page, viewport.width);
    const found = [
      ...(await layoutProblems(page)),
      ...(size === "desktop" ? await newAccessibilityProblems(page) : []),
    ];
    problems.push(...found.map((problem) => `${size} ${name}: ${problem}`));
    if (keep || found.length > 0) {
      mkdirSync(dir, { recursive: true });
      await fullPageScreenshot(page, path.join(dir, `${size}-${name}.jpg`));
    }
  }
  await page.setViewportSize(SCREEN_SIZES[0].viewport);
  if (problems.length > 0) throw new Error(`screen problems:\n${problems.join("\n")}`);
}
