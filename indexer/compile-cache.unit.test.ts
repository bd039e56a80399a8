import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";
import { PONDER_BIN, PONDER_NODE_ARGS, ROOT } from "../scripts/lib/indexer.ts";

it("starts Ponder's process with Node's compile cache on", () => {
  const preloads = PONDER_NODE_ARGS.filter((arg) => arg !== PONDER_BIN);
  const script = "console.log(require('node:module').getCompileCacheDir() ?? 'off')";
  const dir = execFileSync(process.execPath, [...preloads, "-e", script], { cwd: ROOT, encoding: "utf8" }).trim();
  expect(dir).not.toBe("off");
});
