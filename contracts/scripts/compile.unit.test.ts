import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { compile } from "./compile.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The first call may compile (the sources or the compiler changed), which takes seconds. */
it("deploys from the cached build without loading the Solidity compiler", () => {
  const built = compile();
  const script = [
    'import { createRequire } from "node:module";',
    'import { compile } from "./contracts/scripts/compile.ts";',
    "const artifacts = compile();",
    "const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.endsWith('soljson.js'));",
    "console.log(JSON.stringify({ bytecode: artifacts.StakingRewards.bytecode, loaded }));",
  ].join("\n");
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const { bytecode, loaded } = JSON.parse(out) as { bytecode: string; loaded: string[] };
  expect(bytecode).toBe(built.StakingRewards.bytecode);
  expect(loaded).toEqual([]);
}, 60_000);
