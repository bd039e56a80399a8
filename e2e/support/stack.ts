import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startStack, type Stack } from "../../scripts/stack.ts";

/**
 * The whole product (Postgres, anvil with contracts and demo data, indexer, API, built web app) for one
 * test file: started in beforeAll on free ports in a temporary folder, stopped and removed in afterAll.
 */
export function useStack(options: { apiEnv?: () => Record<string, string> } = {}): { readonly current: Stack } {
  let stack: Stack | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "pli-e2e-"));
    stack = await startStack({ dataDir, apiEnv: options.apiEnv?.() });
  });
  afterAll(async () => {
    await stack?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get current() {
      if (!stack) throw new Error("The stack is not running yet (use it inside a test)");
      return stack;
    },
  };
}
