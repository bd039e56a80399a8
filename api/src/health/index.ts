/** The health feature's public entry: other features, and the tools outside the API (as @pli/api/health), import only what it lists. */
export { type ReadinessLimits, currentHealth } from "./service.ts";
