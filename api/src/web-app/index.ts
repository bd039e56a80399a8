/** The web-app feature's public entry: other features, and the tools outside the API (as @pli/api/web-app), import only what it lists. */
export { securityHeaders } from "./security-headers.ts";
