/** The stake feature's public entry: other features, and the tools outside the API (as @pli/api/stake), import only what it lists. */
export { stakedTotals } from "./positions.ts";
export { walletOf } from "./service.ts";
