/**
 * Preloaded into Ponder's process (`node --import`, see scripts/lib/indexer.ts). To find the module format
 * of each file it imports, Node reads the nearest package.json and deserialises it whole, on every import:
 * for the hundreds of files of drizzle-orm (a 175 KB package.json, most of it its `exports` map) that cost
 * about 0.7 CPU-seconds of each start. A relative import of a .js or .mjs file under node_modules, from an
 * ES module, is resolved here instead, with each folder's package type read once; anything else (bare
 * specifiers, require(), a package without an explicit "type") is left to Node.
 */
import { registerHooks } from "node:module";
import { resolvedInPackage } from "./package-type.ts";

registerHooks({
  resolve(specifier, context, nextResolve) {
    const found = context.conditions?.includes("import") ? resolvedInPackage(specifier, context.parentURL) : undefined;
    return found ? { ...found, shortCircuit: true } : nextResolve(specifier, context);
  },
});
