/**
 * The contract's constants without its schemas: no zod and no other feature in the import graph. The web's first
 * screens (the connect page, the admin sign-in and the public network page, opened on phones by visitors) and the
 * shared parts they show (amounts, tables) import these instead of the barrel (index.ts), which gathers every
 * feature's schemas; the barrel re-exports all of them, so the values are the same objects. Pure helpers only some
 * pages need are in display.ts, out of the shell every first screen loads.
 */
export * from "./domain.ts";
export { COMMON_MESSAGES } from "./messages.ts";
export { LIVE_EVENT_NAME, LIVE_PATHS } from "../live/paths.ts";
export { OPERATOR_MESSAGES } from "../operator/messages.ts";
export { UPLOAD_PATHS } from "../upload/paths.ts";
