/**
 * Preloaded into Ponder's process (`node --import`, see scripts/lib/indexer.ts). Ponder runs the config,
 * schema and indexing files through vite-node, which transforms and evaluates every file itself unless it
 * judges the file importable by Node. Its judgement treats any `.js` file in an `esm/` folder as not
 * importable, which catches ponder's own `dist/esm` and the GraphQL libraries it pulls in: each start
 * transformed about 450 library files with Vite and evaluated a second copy of modules Ponder had already
 * loaded. A `.js` file under node_modules whose package is `"type": "module"` is ES module code Node
 * imports as it is, so it is handed to Node (one shared copy, no transform); anything else keeps
 * vite-node's own decision.
 */
import path from "node:path";
import { ViteNodeServer } from "vite-node/server";
import { findNearestPackageData } from "vite-node/utils";

const viteNodeDecision = ViteNodeServer.prototype.shouldExternalize;

ViteNodeServer.prototype.shouldExternalize = async function (id: string) {
  if (/\/node_modules\/.+\.js$/.test(id) && (await findNearestPackageData(path.dirname(id))).type === "module")
    return id;
  return viteNodeDecision.call(this, id);
};
