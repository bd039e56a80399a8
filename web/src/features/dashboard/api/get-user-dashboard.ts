import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { dashboardKeys } from "./keys";

export const getUserDashboard = () => ok(api.user.dashboard.$get());

/** Stakes and payouts are the chain's: stake and reward events refresh the dashboard. */
export const userDashboardQueryOptions = () => queryOptions({ meta: liveMeta("stake", "reward"), queryKey: dashboardKeys.user(), queryFn: getUserDashboard, staleTime: 0 });

/** The operator's dashboard (GET /api/user/dashboard): stake, recent events and incentives, incentives per status, monthly charts. */
export const useUserDashboard = () => useQuery(userDashboardQueryOptions());
