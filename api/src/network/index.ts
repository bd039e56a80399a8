/** The network feature's public entry: other features, and the tools outside the API (as @pli/api/network), import only what it lists. */
export { saveNetworkListing } from "./repository.ts";
