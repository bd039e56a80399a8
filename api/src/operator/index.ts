/** The operator feature's public entry: other features, and the tools outside the API (as @pli/api/operator), import only what it lists. */
export { upsertOperator } from "./repository.ts";
export { resetOperatorSecondFactor } from "./twofa.ts";
