export type { AppType } from "./app.ts";
export type { Health } from "./health/schema.ts";
