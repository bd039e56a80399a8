import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ViteNodeServer } from "vite-node/server";
import "./native-deps.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The parts of a ViteNodeServer its externalize decision reads. */
const server = { options: { deps: { moduleDirectories: ["/node_modules/"] } }, externalizeCache: new Map() };
const decide = (file: string) =>
  ViteNodeServer.prototype.shouldExternalize.call(server as unknown as ViteNodeServer, path.join(ROOT, file));

describe("Ponder's module loading", () => {
  it("hands Ponder's own ES modules and its GraphQL libraries to Node instead of transforming them", async () => {
    for (const file of [
      "node_modules/ponder/dist/esm/index.js",
      "node_modules/graphql-yoga/esm/index.js",
      "node_modules/@graphql-tools/utils/esm/index.js",
    ])
      expect(await decide(file)).toBe(path.join(ROOT, file));
  });

  it("still runs the indexing code through vite-node", async () => {
    for (const file of ["indexer/ponder.schema.ts", "indexer/src/StakingRewards.ts", "abis/src/index.ts"])
      expect(await decide(file)).toBe(false);
  });
});
