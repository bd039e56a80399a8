/** The unchecked feature's public entry: other features, and the tools outside the API (as @pli/api/unchecked), import only what it lists. */
export { countUnchecked, notReviewed } from "./repository.ts";
