/** The upload feature's public entry: other features, and the tools outside the API (as @pli/api/upload), import only what it lists. */
export { findUpload } from "./repository.ts";
