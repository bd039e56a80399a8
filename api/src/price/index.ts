/** The price feature's public entry: other features, and the tools outside the API (as @pli/api/price), import only what it lists. */
export { type KeptPrice, keptPriceAt, priceAtBlock } from "./repository.ts";
export { usdPerPli, usdText } from "./rules.ts";
export { dashboardUsd, roundOfKept, valuedAt } from "./service.ts";
