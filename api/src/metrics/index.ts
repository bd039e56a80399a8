/** The metrics feature's public entry: other features, and the tools outside the API (as @pli/api/metrics), import only what it lists. */
export { METRIC } from "./registry.ts";
export { createApiMetrics } from "./server.ts";
export { METRICS_PATH } from "./schema.ts";
