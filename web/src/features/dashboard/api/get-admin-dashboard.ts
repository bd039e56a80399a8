import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { dashboardKeys } from "./keys";

export const getAdminDashboard = () => ok(api.admin.dashboard.$get());

/**
 * Stakes, whitelists (nodes turning Active), payouts and limit changes are the chain's, requests decide what is
 * unchecked: their events refresh the dashboard.
 */
export const adminDashboardQueryOptions = () =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "reward", "limits", "request"),
    queryKey: dashboardKeys.admin(),
    queryFn: getAdminDashboard,
    staleTime: 0,
  });

/** The admin dashboard (GET /api/admin/dashboard): everybody's figures, counts of spec 3 and monthly charts. */
export const useAdminDashboard = () => useQuery(adminDashboardQueryOptions());
