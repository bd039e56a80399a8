import type { Db } from "../db/database.ts";
import { createRouter } from "../shared/openapi.ts";
import { walletOf } from "../stake/service.ts";
import { countUnchecked } from "../unchecked/repository.ts";
import { adminDashboardRoute, operatorDashboardRoute } from "./operations.ts";
import { adminCounts, dashboardCharts, incentiveCount, incentivesPerStatus, recentIncentives, recentTransactions, stakeOverview, type Scope } from "./repository.ts";

/** The figures both dashboards show, for one wallet or everybody. */
async function dashboardOf(db: Db, wallet: Scope, now: Date) {
  const [stake, transactionList, incentiveList, incentiveListAll, charts] = await Promise.all([
    stakeOverview(db, wallet),
    recentTransactions(db, wallet),
    recentIncentives(db, wallet),
    incentivesPerStatus(db, wallet),
    dashboardCharts(db, wallet, now),
  ]);
  return {
    tillStake: stake.tillStake,
    lastStakedDate: stake.lastStakedDate,
    transactionList,
    incentiveList,
    incentiveListAll,
    charts,
    count: { tnxCount: stake.tnxCount, incentiveCount: incentiveCount(incentiveListAll) },
  };
}

/** Mounted at /api: the operator's dashboard under /api/user, the admin's under /api/admin (spec 7). */
export const dashboardRoutes = createRouter()
  .openapi(operatorDashboardRoute, async (c) => {
    const { db } = c.var.deps;
    const session = c.get("session")!;
    return c.json(await dashboardOf(db, await walletOf(db, session), new Date()), 200);
  })
  .openapi(adminDashboardRoute, async (c) => {
    const { db } = c.var.deps;
    const [dashboard, counts, unchecked] = await Promise.all([dashboardOf(db, undefined, new Date()), adminCounts(db), countUnchecked(db)]);
    return c.json({ ...dashboard, count: { ...dashboard.count, ...counts }, unchecked }, 200);
  });
