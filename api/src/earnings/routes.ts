/**
 * What an operator earns, per node and in total: stake, incentives per month earned and paid, payments and accruals
 * with their dates, the running month (and a month over the accrual has not written yet) with its inactive days taken
 * off, and the yield the chain's payouts realised
 * against stake time. Reads the `chain` views for stakes and payments, the incentive feature's rows for accruals.
 */
import { createRoute } from "@hono/zod-openapi";
import { operatorOnly } from "../auth/index.ts";
import { AppError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonResponse } from "../shared/openapi.ts";
import { walletOf } from "../stake/index.ts";
import { earningsOf } from "./repository.ts";
import { EARNINGS_MESSAGES, EARNINGS_PATHS, earningsQuerySchema, earningsSchema } from "./schema.ts";

const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound } = ERROR_RESPONSES;

const earningsRoute = createRoute({
  method: "get",
  path: EARNINGS_PATHS.root,
  ...describe(
    "user",
    "The operator's earnings, per node and in total (one node with `node`, 0x… or xdc…): stake, earned and paid per month for 12 months (the running month as it stands, its inactive days so far taken off; a month over that the hourly accrual has not written yet as the accrual will write it; `expected` the part not accrued yet), reward payments with their months, accrued incentives with their payment dates, and the yield the chain's payments of the last 365 days realised against stake times days staked",
  ),
  middleware: [operatorOnly] as const,
  request: { query: earningsQuerySchema },
  responses: {
    200: jsonResponse(earningsSchema, "The figures, amounts in wei"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
});

export const earningsRoutes = createRouter().openapi(earningsRoute, async (c) => {
  const { db } = c.get("deps");
  const session = c.get("session")!;
  const { node } = c.req.valid("query");
  const wallet = await walletOf(db, session);
  const earnings = await earningsOf(db, { operatorId: session.sub, wallet, node: node?.toLowerCase() }, new Date());
  if (!earnings) throw new AppError("notFound", EARNINGS_MESSAGES.nodeNotYours);
  return c.json(earnings, 200);
});
