import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { dashboardKeys } from "./keys";

export const getEarnings = () => ok(api.user.earnings.$get({ query: {} }));

/** Stakes and payments are the chain's: stake and reward events refresh the earnings. */
export const earningsQueryOptions = () =>
  queryOptions({
    meta: liveMeta("stake", "reward"),
    queryKey: dashboardKeys.earnings(),
    queryFn: getEarnings,
    staleTime: 0,
  });

/** The operator's earnings per node and in total (GET /api/user/earnings). */
export const useEarnings = () => useQuery(earningsQueryOptions());
