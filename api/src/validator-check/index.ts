/** The validator-check feature's public entry: other features, and the tools outside the API (as @pli/api/validator-check), import only what it lists. */
export { upsertDirectoryEntry } from "./directory.ts";
export type { ValidatorDirectoryTable } from "./table.ts";
export type { ValidatorCheck } from "./validator-check.ts";
