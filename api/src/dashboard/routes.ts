/**
 * The operator's and the admin's dashboards: counts, charts, first steps, stake and incentive totals and their USD
 * values, read from the other features' tables and the `chain` views.
 */
import type { Deps } from "../app-env.ts";
import { dashboardUsd } from "../price/index.ts";
import { INCENTIVE_STATUS } from "../public-contract/domain.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonResponse } from "../shared/openapi.ts";
import { stoppedNodes } from "../node/index.ts";
import { walletOf } from "../stake/index.ts";
import { countUnchecked } from "../unchecked/index.ts";
import {
  adminCounts,
  dashboardCharts,
  firstSteps,
  incentiveCount,
  incentivesPerStatus,
  needsActionCounts,
  recentIncentives,
  recentTransactions,
  stakeOverview,
  type Scope,
} from "./repository.ts";
import { createRoute } from "@hono/zod-openapi";
import { adminOnly, operatorOnly } from "../auth/index.ts";
import { adminDashboardSchema, needsActionSchema, operatorDashboardSchema, DASHBOARD_PATHS } from "./schema.ts";

/** The dashboard routes (spec 7: GET /api/user/dashboard and /api/admin/dashboard). */
const { 401: unauthorized, 403: forbidden } = ERROR_RESPONSES;

const operatorDashboardRoute = createRoute({
  method: "get",
  path: DASHBOARD_PATHS.user,
  ...describe(
    "user",
    "The operator's dashboard: stake on the chain and its latest date, recent stake events and incentives, incentives per status, counts, monthly charts of the stake, incentives and payouts, how far the operator is on the way to a first stake, and their nodes that stopped answering",
  ),
  middleware: [operatorOnly] as const,
  responses: {
    200: jsonResponse(operatorDashboardSchema, "The operator's figures, amounts in wei"),
    401: unauthorized,
    403: forbidden,
  },
});

const adminDashboardRoute = createRoute({
  method: "get",
  path: DASHBOARD_PATHS.admin,
  ...describe(
    "admin",
    "The admin dashboard: every stake, stake event and incentive summed, recent ones, counts of requests, operators and nodes, counts of chain activity the contract does not check, and monthly charts of the total stake, incentives and payouts",
  ),
  middleware: [adminOnly] as const,
  responses: {
    200: jsonResponse(adminDashboardSchema, "Everybody's figures, amounts in wei"),
    401: unauthorized,
    403: forbidden,
  },
});

const needsActionRoute = createRoute({
  method: "get",
  path: DASHBOARD_PATHS.needsAction,
  ...describe(
    "admin",
    "What waits on an admin: pending nodes, jobs and stake requests, unpaid incentives whose payment date has come, chain activity not marked reviewed, and open tickets, each a count",
  ),
  middleware: [adminOnly] as const,
  responses: {
    200: jsonResponse(needsActionSchema, "The counts"),
    401: unauthorized,
    403: forbidden,
  },
});

/** The figures both dashboards show, for one wallet or everybody. */
async function dashboardOf(deps: Deps, wallet: Scope, now: Date) {
  const { db } = deps;
  const [stake, transactionList, incentiveList, incentiveListAll, charts] = await Promise.all([
    stakeOverview(db, wallet),
    recentTransactions(db, wallet),
    recentIncentives(db, wallet),
    incentivesPerStatus(db, wallet),
    dashboardCharts(db, wallet, now),
  ]);
  const unpaid = incentiveListAll.find((row) => row.status === INCENTIVE_STATUS.unPaid)?.token ?? "0";
  const usd = await dashboardUsd(deps, db, wallet, { staked: BigInt(stake.tillStake), unpaid: BigInt(unpaid) }, now);
  return {
    tillStake: stake.tillStake,
    lastStakedDate: stake.lastStakedDate,
    transactionList,
    incentiveList,
    incentiveListAll,
    charts,
    usd,
    count: { tnxCount: stake.tnxCount, incentiveCount: incentiveCount(incentiveListAll) },
  };
}

/** Mounted at /api: the operator's dashboard under /api/user, the admin's under /api/admin (spec 7). */
export const dashboardRoutes = createRouter()
  .openapi(operatorDashboardRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const wallet = await walletOf(db, session);
    const now = new Date();
    const [dashboard, steps, stopped] = await Promise.all([
      dashboardOf(c.get("deps"), wallet, now),
      firstSteps(db, session.sub, wallet),
      stoppedNodes(db, session.sub, now),
    ]);
    return c.json({ ...dashboard, firstSteps: steps, stoppedNodes: stopped }, 200);
  })
  .openapi(adminDashboardRoute, async (c) => {
    const { db } = c.get("deps");
    const [dashboard, counts, unchecked] = await Promise.all([
      dashboardOf(c.get("deps"), undefined, new Date()),
      adminCounts(db),
      countUnchecked(db),
    ]);
    return c.json({ ...dashboard, count: { ...dashboard.count, ...counts }, unchecked }, 200);
  })
  .openapi(needsActionRoute, async (c) => {
    const { db } = c.get("deps");
    const [counts, unchecked] = await Promise.all([needsActionCounts(db, new Date()), countUnchecked(db)]);
    const uncheckedActivity = unchecked.noApprovedRequest + unchecked.offMultiple + unchecked.limitChangeOutsidePortal;
    return c.json({ ...counts, uncheckedActivity }, 200);
  });
