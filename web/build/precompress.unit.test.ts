import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompress, precompressDir } from "./precompress.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = (kind: string) => `${kind} `.repeat(200);

describe("the web build's pre-compressed files", () => {
  it("writes a brotli and a gzip copy beside every script, style, page, icon and manifest, each decompressing to its file", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "pli-precompress-"));
    mkdirSync(path.join(dir, "assets"));
    const files = ["index.html", "assets/app-1a2b.js", "assets/app-3c4d.css", "favicon.svg", "site.webmanifest"];
    for (const file of files) writeFileSync(path.join(dir, file), text(file));
    writeFileSync(path.join(dir, "assets", "logo.png"), text("png"));

    await precompressDir(dir);

    for (const file of files) {
      const original = readFileSync(path.join(dir, file));
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`))), file).toEqual(original);
      expect(gunzipSync(readFileSync(path.join(dir, `${file}.gz`))), file).toEqual(original);
    }
    expect(existsSync(path.join(dir, "assets", "logo.png.br"))).toBe(false);
    expect(existsSync(path.join(dir, "assets", "logo.png.gz"))).toBe(false);
  });

  it("writes no copy that would be larger than its file", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "pli-precompress-"));
    writeFileSync(path.join(dir, "tiny.js"), "1");
    await precompressDir(dir);
    expect(existsSync(path.join(dir, "tiny.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "tiny.js.gz"))).toBe(false);
  });
});

describe("the web build", () => {
  it("leaves the output folder untouched when the build writes nothing", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "pli-precompress-"));
    writeFileSync(path.join(dir, "index.html"), text("older build"));
    const plugin = precompress() as {
      configResolved: (config: unknown) => void;
      closeBundle: () => Promise<void>;
    };
    plugin.configResolved({ root: dir, build: { outDir: ".", write: false }, logger: undefined });
    await plugin.closeBundle();
    expect(existsSync(path.join(dir, "index.html.br"))).toBe(false);
    plugin.configResolved({ root: dir, build: { outDir: ".", write: true }, logger: undefined });
    await plugin.closeBundle();
    expect(existsSync(path.join(dir, "index.html.br"))).toBe(true);
  });

  it("pre-compresses its output", async () => {
    const { default: config } = await import("../vite.config.ts");
    const names = (config.plugins ?? []).flat().map((plugin) => (plugin && "name" in plugin ? plugin.name : ""));
    expect(names).toContain(precompress().name);
  });
});
