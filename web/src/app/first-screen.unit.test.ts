import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Manifest } from "vite";
import { beforeAll, describe, expect, test } from "vitest";
import { buildWeb } from "../../../scripts/lib/web-build.ts";
import { CHUNK_MODULES_FILE, MANIFEST_FILE, type ChunkModules } from "../../build/chunk-modules.ts";

/**
 * What a browser downloads for the two first screens, read from the production build the stacks serve (web/dist,
 * built by this run's first stack or here, once: scripts/lib/web-build.ts): the entry, everything it imports
 * statically, and the page's own chunk with its static imports (bench/initial-js.ts measures the same in chromium).
 */
const DIST = fileURLToPath(new URL("../../dist", import.meta.url));
const TARGET_GZIP_BYTES = 160 * 1024;
/** The public network page adds a table, addresses and amounts to the first screens' shell. */
const NETWORK_TARGET_KB = 200;
/** The render-blocking stylesheet: all of Mantine's styles are 36 KB compressed, a first screen needs a quarter. */
const TARGET_CSS_GZIP_BYTES = 12 * 1024;
const MANTINE_STYLES = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@mantine/core/styles.css")),
  "styles",
);

/** A script of the build, from Vite's manifest and the modules bundled into it. */
interface Chunk {
  /** The manifest's key: the source file of an entry or a chunk loaded on demand, else the chunk's own name. */
  key: string;
  fileName: string;
  isEntry: boolean;
  /** Keys of the chunks it imports statically. */
  imports: string[];
  /** The stylesheets loaded with it. */
  css: string[];
  code: string;
  moduleIds: string[];
}

let chunks: Chunk[] = [];
let stylesheets = new Map<string, string>();
const readDist = (file: string) => readFileSync(path.join(DIST, file), "utf8");

beforeAll(async () => {
  await buildWeb(path.join(tmpdir(), "pli-first-screen-web-build.log"), () => undefined);
  const manifest = JSON.parse(readDist(MANIFEST_FILE)) as Manifest;
  const modules = JSON.parse(readDist(CHUNK_MODULES_FILE)) as ChunkModules;
  chunks = Object.entries(manifest)
    .filter(([, chunk]) => chunk.file.endsWith(".js"))
    .map(([key, chunk]) => ({
      key,
      fileName: chunk.file,
      isEntry: chunk.isEntry ?? false,
      imports: chunk.imports ?? [],
      css: chunk.css ?? [],
      code: readDist(chunk.file),
      moduleIds: modules[chunk.file] ?? [],
    }));
  const unrecorded = chunks.filter((chunk) => chunk.moduleIds.length === 0).map((chunk) => chunk.fileName);
  if (unrecorded.length > 0) throw new Error(`no modules recorded for ${unrecorded.join(", ")}`);
  stylesheets = new Map(
    readdirSync(path.join(DIST, "assets"))
      .filter((file) => file.endsWith(".css"))
      .map((file) => [`assets/${file}`, readDist(`assets/${file}`)]),
  );
}, 300_000);

/** The chunk of a source file that the app loads on demand (a page, the overlays), by the file's name. */
const chunkOf = (source: string) => chunks.find((chunk) => chunk.key.endsWith(`/${source}`));

function firstScreen(page: string) {
  const byKey = new Map(chunks.map((chunk) => [chunk.key, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const pageChunk = chunkOf(`${page}.tsx`);
  if (!entry || !pageChunk) throw new Error(`no entry or no chunk for ${page}`);
  const loaded = new Set<Chunk>();
  const visit = (chunk: Chunk) => {
    if (loaded.has(chunk)) return;
    loaded.add(chunk);
    for (const key of chunk.imports) visit(byKey.get(key)!);
  };
  visit(entry);
  visit(pageChunk);
  const modules = [...loaded].flatMap((chunk) => chunk.moduleIds);
  const gzip = [...loaded].reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
  const css = [...loaded].flatMap((chunk) => chunk.css);
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
    const css = entry.css.map((file) => stylesheets.get(file)!).join("\n");
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
    const html = readDist(htmlFile);
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
  expect(chunkOf("shared/ui/overlays.tsx")?.css ?? []).toContain(full);
  // Fetched by the entry's loaders (the signed-in frames' in router.tsx, the overlays'), not blocking the first paint.
  expect(entry.code).toContain(`"${full}"`);
  expect(entry.css).not.toContain(full);
});
