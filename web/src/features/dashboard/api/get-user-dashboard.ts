import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { dashboardKeys } from "./keys";

export const getOperatorDashboard = () => ok(api.user.dashboard.$get());

/** Stakes and payouts are the chain's: stake and reward events refresh the dashboard. */
export const operatorDashboardQueryOptions = () =>
  queryOptions({
    meta: liveMeta("stake", "reward"),
    queryKey: dashboardKeys.user(),
    queryFn: getOperatorDashboard,
    staleTime: 0,
  });

/**
 * The operator's dashboard (GET /api/user/dashboard): stake, recent events and incentives, incentives per status,
 * monthly charts.
 */
export const useOperatorDashboard = () => useQuery(operatorDashboardQueryOptions());
