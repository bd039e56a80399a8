export type { AppType } from "./app.ts";
