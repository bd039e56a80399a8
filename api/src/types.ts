export type { AppType } from "./app.ts";
export type { Health } from "./health/service.ts";
