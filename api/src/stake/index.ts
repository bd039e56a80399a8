/** The stake feature's public entry: other features, and the tools outside the API (as @pli/api/stake), import only what it lists. */
export { stakedSum, stakedTotalOf } from "./positions.ts";
export { walletOf } from "./service.ts";
export { findPosition } from "./positions.ts";
export { mayUnlock } from "./rules.ts";
export { recordUnlock } from "./service.ts";
