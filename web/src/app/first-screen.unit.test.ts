import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Rolldown } from "vite";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * What a browser downloads for the two first screens, read from a production build: the entry, everything it imports
 * statically, and the page's own chunk with its static imports (bench/initial-js.ts measures the same in chromium).
 */
const WEB = fileURLToPath(new URL("../..", import.meta.url));
const TARGET_GZIP_BYTES = 160 * 1024;
/** The public network page adds a table, addresses and amounts to the first screens' shell. */
const NETWORK_TARGET_KB = 200;
/** The render-blocking stylesheet: all of Mantine's styles are 36 KB compressed, a first screen needs a quarter. */
const TARGET_CSS_GZIP_BYTES = 12 * 1024;
const MANTINE_STYLES = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@mantine/core/styles.css")),
  "styles",
);

let chunks: Rolldown.OutputChunk[] = [];
let stylesheets = new Map<string, string>();
let pagesHtml = new Map<string, string>();

beforeAll(async () => {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  const output = await build({ root: WEB, mode: "production", logLevel: "silent", build: { write: false } }).finally(
    () => {
      process.env.NODE_ENV = nodeEnv;
    },
  );
  const outputs = Array.isArray(output) ? output : [output];
  const files = outputs.flatMap((out) => ("output" in out ? out.output : []));
  chunks = files.filter((file) => file.type === "chunk");
  stylesheets = new Map(
    files.flatMap((file) =>
      file.type === "asset" && file.fileName.endsWith(".css") ? [[file.fileName, String(file.source)]] : [],
    ),
  );
  pagesHtml = new Map(
    files.flatMap((file) =>
      file.type === "asset" && file.fileName.endsWith(".html") ? [[file.fileName, String(file.source)]] : [],
    ),
  );
}, 120_000);

function firstScreen(page: string) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const pageChunk = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${page}.tsx`));
  if (!entry || !pageChunk) throw new Error(`no entry or no chunk for ${page}`);
  const loaded = new Set<Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (loaded.has(chunk)) return;
    loaded.add(chunk);
    for (const file of chunk.imports) visit(byName.get(file)!);
  };
  visit(entry);
  visit(pageChunk);
  const modules = [...loaded].flatMap((chunk) => chunk.moduleIds);
  const gzip = [...loaded].reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
  const css = [...loaded].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
  return { modules, gzip, css: css.map((file) => stylesheets.get(file)!).join("\n"), entry, loaded };
}

/** Mantine's class names (`m_` and a hash) in a stylesheet. */
const mantineClasses = (css: string) => new Set(css.match(/\.m_[0-9a-f]+\b/g) ?? []);

/** The stylesheets of the Mantine components among `modules` (a component's folder names its stylesheet). */
function componentStylesheets(modules: string[]) {
  const names = new Set(
    modules.flatMap((id) => id.match(/[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/)?.[1] ?? []),
  );
  return [...names]
    .map((name) => path.join(MANTINE_STYLES, `${name}.css`))
    .filter((file) => existsSync(file))
    .map((file) => ({ name: path.basename(file), css: readFileSync(file, "utf8") }));
}

const LEFT_OUT = [
  ["zod", /[\\/]node_modules[\\/]zod[\\/]/],
  ["the contract barrel", /[\\/]api[\\/]src[\\/]public-contract[\\/]index\.ts$/],
  ["wagmi", /[\\/]node_modules[\\/](wagmi|@wagmi)[\\/]/],
  ["viem", /[\\/]node_modules[\\/]viem[\\/]/],
  ["react-hook-form", /[\\/]node_modules[\\/]react-hook-form[\\/]/],
  ["the modals manager", /[\\/]node_modules[\\/]@mantine[\\/]modals[\\/]/],
  ["the toasts container", /[\\/]@mantine[\\/]notifications[\\/].*Notifications\.mjs$/],
  ["charts", /[\\/]node_modules[\\/](recharts|@mantine[\\/]charts)[\\/]/],
  ["tables", /[\\/]node_modules[\\/]@tanstack[\\/]react-table[\\/]/],
  ["dates", /[\\/]node_modules[\\/](dayjs|@mantine[\\/]dates)[\\/]/],
] as const;

describe.each([
  ["the connect page (/)", "connect-page"],
  ["the admin sign-in page (/admin/login)", "admin-login-page"],
])("%s", (_, page) => {
  test("loads none of the libraries only later screens need", () => {
    const { modules } = firstScreen(page);
    const found = LEFT_OUT.filter(([, pattern]) => modules.some((id) => pattern.test(id))).map(([name]) => name);
    expect(found).toEqual([]);
  });

  test("downloads at most 160 KB of gzip-compressed JavaScript", () => {
    expect(firstScreen(page).gzip).toBeLessThanOrEqual(TARGET_GZIP_BYTES);
  });

  test("blocks its first paint on at most 12 KB of gzip-compressed CSS", () => {
    const { entry } = firstScreen(page);
    const css = [...(entry.viteMetadata?.importedCss ?? [])].map((file) => stylesheets.get(file)!).join("\n");
    expect(gzipSync(css, { level: 9 }).length).toBeLessThanOrEqual(TARGET_CSS_GZIP_BYTES);
  });
});

describe("the public network page (/network), opened by visitors on phones", () => {
  /** Its leaderboard is a table of checksummed node addresses; the payout chart loads after the figures arrive. */
  const NEEDED: readonly string[] = ["tables", "viem"];

  test("loads none of the libraries only other screens need, nor the chart before the figures", () => {
    const { modules } = firstScreen("network-page");
    const found = LEFT_OUT.filter(
      ([name, pattern]) => !NEEDED.includes(name) && modules.some((id) => pattern.test(id)),
    );
    expect(found.map(([name]) => name)).toEqual([]);
  });

  test("loads its payout chart, once the figures arrived, without zod or the contract's schemas", () => {
    const { modules } = firstScreen("payouts-chart");
    const found = LEFT_OUT.filter(([name]) => name === "zod" || name === "the contract barrel")
      .filter(([, pattern]) => modules.some((id) => pattern.test(id)))
      .map(([name]) => name);
    expect(found).toEqual([]);
  });

  test(`downloads at most ${NETWORK_TARGET_KB} KB of gzip-compressed JavaScript before its figures arrive`, () => {
    expect(firstScreen("network-page").gzip).toBeLessThanOrEqual(NETWORK_TARGET_KB * 1024);
  });
});

describe.each([
  ["the connect page (/)", "connect-page", "index.html"],
  ["the admin sign-in page (/admin/login)", "admin-login-page", "admin/login/index.html"],
  ["the admin's one-time code page (/admin/verifyotp)", "verify-otp-page", "admin/verifyotp/index.html"],
  ["the public network page (/network)", "network-page", "network/index.html"],
])("%s", (_, page, htmlFile) => {
  test("names every script it runs in its own index.html, so none waits for the entry to run first", () => {
    const html = pagesHtml.get(htmlFile) ?? "";
    const named = new Set(
      [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="\/([^"]+)"/g)].map(
        (match) => match[1],
      ),
    );
    const scripts = [...firstScreen(page).loaded].map((chunk) => chunk.fileName);
    expect(scripts.filter((file) => !named.has(file))).toEqual([]);
  });

  test("has the styles of every Mantine component it renders, none arriving after it", () => {
    const { modules, css } = firstScreen(page);
    const loaded = mantineClasses(css);
    const missing = componentStylesheets(modules).filter(
      (sheet) => ![...mantineClasses(sheet.css)].every((name) => loaded.has(name)),
    );
    expect(missing.map((sheet) => sheet.name)).toEqual([]);
  });
});

test("the screens after the first (signed-in frames, dialogs, toasts) load every Mantine style before they render", () => {
  const all = mantineClasses(readFileSync(path.join(MANTINE_STYLES, "..", "styles.css"), "utf8"));
  const [full] = [...stylesheets].find(([, css]) => {
    const classes = mantineClasses(css);
    return [...all].every((name) => classes.has(name));
  }) ?? [""];
  expect(full).not.toBe("");
  const entry = chunks.find((chunk) => chunk.isEntry)!;
  const overlays = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/shared/ui/overlays.tsx"));
  expect([...(overlays?.viteMetadata?.importedCss ?? [])]).toContain(full);
  // Fetched by the entry's loaders (the signed-in frames' in router.tsx, the overlays'), not blocking the first paint.
  expect(entry.code).toContain(`"${full}"`);
  expect([...(entry.viteMetadata?.importedCss ?? [])]).not.toContain(full);
});
