/** The rate-limit feature's public entry: other features, and the tools outside the API (as @pli/api/rate-limit), import only what it lists. */
export { clientNetwork } from "./client-address.ts";
export { LIMITS_BY_ROUTE, type Limit, accountOf, clientIp, countTry, enforceLimits, spendTry } from "./rate-limit.ts";
