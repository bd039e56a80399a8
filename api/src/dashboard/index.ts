/** The dashboard feature's public entry: other features, and the tools outside the API (as @pli/api/dashboard), import only what it lists. */
export { chartEnd } from "./repository.ts";
