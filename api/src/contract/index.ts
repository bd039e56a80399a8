export * from "./domain.ts";
export * from "./messages.ts";
export * from "./paths.ts";
export * from "./schemas.ts";
export type * from "./responses.ts";
