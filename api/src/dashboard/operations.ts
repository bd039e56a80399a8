import { createRoute } from "@hono/zod-openapi";
import { adminOnly, operatorOnly } from "../auth/middleware.ts";
import { describe, ERROR_RESPONSES, jsonResponse } from "../shared/openapi.ts";
import { adminDashboardSchema, operatorDashboardSchema } from "./schema.ts";

/** The dashboard routes' declarations (spec 7: GET /api/user/dashboard and /api/admin/dashboard); handlers are in routes.ts. */
const { 401: unauthorized, 403: forbidden } = ERROR_RESPONSES;

export const operatorDashboardRoute = createRoute({
  method: "get",
  path: "/user/dashboard",
  ...describe("user", "The operator's dashboard: stake on the chain and its latest date, recent stake events and incentives, incentives per status, counts, and monthly charts of the stake, incentives and payouts"),
  middleware: [operatorOnly] as const,
  responses: { 200: jsonResponse(operatorDashboardSchema, "The operator's figures, amounts in wei"), 401: unauthorized, 403: forbidden },
});

export const adminDashboardRoute = createRoute({
  method: "get",
  path: "/admin/dashboard",
  ...describe("admin", "The admin dashboard: every stake, stake event and incentive summed, recent ones, counts of requests, operators and nodes, counts of chain activity the contract does not check, and monthly charts of the total stake, incentives and payouts"),
  middleware: [adminOnly] as const,
  responses: { 200: jsonResponse(adminDashboardSchema, "Everybody's figures, amounts in wei"), 401: unauthorized, 403: forbidden },
});
