import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { HeaviestFirstSequencer } from "./test/sequencer.ts";

/**
 * Two files at a time (one per core: Vitest's default would be a single worker on a 2-core machine).
 * Each API and indexer file has its own database and chain, so they run side by side. The browser
 * files share one stack and run one at a time; `npm test` (scripts/test.ts) runs them in a lane of
 * their own next to everything else. The unit, api, contracts, indexer and browser files of a worker share loaded
 * modules (`isolate: false`): a fresh module graph per file spent more CPU importing the API than running tests,
 * each browser file spent about 2 CPU-seconds importing Playwright, viem and the web's registries again, and the
 * contracts and indexer files about 1.5 importing viem and the deploy scripts (their import time fell from 16 and
 * 15 s to 4 and 5 s).
 */
/** The web app's `@/` import alias, for unit tests of web code and browser tests that import its registries. */
const resolve = { alias: { "@": fileURLToPath(new URL("./web/src", import.meta.url)) } };

/**
 * Browser files that start a stack of their own instead of using the shared one (the XDC file: the product behind the
 * XDC node stand-in with its 1 s blocks). They run in the `e2e-own-stack` project, which `npm test` runs in the lane of
 * everything else: there they wait on their chain next to the other files, not in front of the browser lane's queue.
 */
const OWN_STACK_BROWSER_FILES = ["e2e/xdc.browser.test.ts", "e2e/safe.browser.test.ts"];

export default defineConfig({
  resolve,
  test: {
    maxWorkers: 2,
    sequence: { sequencer: HeaviestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          isolate: false,
          include: ["{abis,api,web,scripts,indexer,contracts}/**/*.unit.test.{ts,tsx}"],
          exclude: ["**/node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "contracts",
          isolate: false,
          include: ["contracts/test/**/*.chain.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          isolate: false,
          include: ["api/{src,test}/**/*.{db,chain}.test.ts"],
          globalSetup: ["test/global-api.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "indexer",
          isolate: false,
          include: ["indexer/test/**/*.chain.test.ts"],
          globalSetup: ["test/global-postgres.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          isolate: false,
          include: ["e2e/**/*.browser.test.ts"],
          exclude: ["**/node_modules/**", ...OWN_STACK_BROWSER_FILES],
          globalSetup: ["e2e/support/global-browser.ts", "test/global-programs.ts", "e2e/support/global-stack.ts"],
          testTimeout: 240_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e-own-stack",
          include: OWN_STACK_BROWSER_FILES,
          globalSetup: ["e2e/support/global-browser.ts", "test/global-programs.ts"],
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: "smoke",
          include: ["scripts/**/*.smoke.test.ts"],
          globalSetup: ["test/global-programs.ts"],
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
