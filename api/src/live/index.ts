/** The live feature's public entry: other features, and the tools outside the API (as @pli/api/live), import only what it lists. */
export { LiveHub } from "./hub.ts";
export { INDEXER_CHANNEL, listenToIndexer } from "./indexer-listener.ts";
