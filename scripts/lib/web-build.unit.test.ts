import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { replaceBuild } from "./web-build.ts";

let root: string;
let dist: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "pli-web-build-"));
  dist = path.join(root, "dist");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), "old index");
  writeFileSync(path.join(dist, "assets", "app-old.js"), "old app");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const served = () => readFileSync(path.join(dist, "index.html"), "utf8");

describe("replaceBuild", () => {
  it("keeps serving the old build whole while the new one is written, then swaps it in marked finished", async () => {
    const seenDuring: string[] = [];
    await replaceBuild(dist, async (outDir) => {
      mkdirSync(path.join(outDir, "assets"), { recursive: true });
      writeFileSync(path.join(outDir, "assets", "app-new.js"), "new app");
      await new Promise((resolve) => setTimeout(resolve, 20));
      seenDuring.push(served(), ...readdirSync(path.join(dist, "assets")));
      writeFileSync(path.join(outDir, "index.html"), "new index");
    });
    expect(seenDuring).toEqual(["old index", "app-old.js"]);
    expect(served()).toBe("new index");
    expect(readdirSync(path.join(dist, "assets"))).toEqual(["app-new.js"]);
    expect(existsSync(path.join(dist, ".vite", "built"))).toBe(true);
    expect(readdirSync(root)).toEqual(["dist"]);
  });

  it("leaves the old build as it was, and nothing beside it, when the build fails", async () => {
    await expect(
      replaceBuild(dist, async (outDir) => {
        mkdirSync(outDir, { recursive: true });
        writeFileSync(path.join(outDir, "index.html"), "half");
        throw new Error("vite failed");
      }),
    ).rejects.toThrow("vite failed");
    expect(served()).toBe("old index");
    expect(existsSync(path.join(dist, ".vite", "built"))).toBe(false);
    expect(readdirSync(root)).toEqual(["dist"]);
  });

  it("builds a first dist where there was none", async () => {
    rmSync(dist, { recursive: true });
    await replaceBuild(dist, async (outDir) => {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, "index.html"), "first");
    });
    expect(served()).toBe("first");
    expect(readdirSync(root)).toEqual(["dist"]);
  });
});
