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

let chunks: Rolldown.OutputChunk[] = [];

beforeAll(async () => {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  const output = await build({ root: WEB, mode: "production", logLevel: "silent", build: { write: false } }).finally(
    () => {
      process.env.NODE_ENV = nodeEnv;
    },
  );
  const outputs = Array.isArray(output) ? output : [output];
  chunks = outputs.flatMap((out) => ("output" in out ? out.output : [])).filter((file) => file.type === "chunk");
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
  return { modules, gzip };
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
});
