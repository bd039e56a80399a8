import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { dashboardKeys } from "./keys";

export const getNeedsAction = () => ok(api.admin["needs-action"].$get());

/** Node, job, request and ticket changes and the chain's stakes and limit changes move the queue's counts. */
export const needsActionQueryOptions = () =>
  queryOptions({
    meta: liveMeta("stake", "limits", "request", "node", "job", "ticket", "reward"),
    queryKey: dashboardKeys.needsAction(),
    queryFn: getNeedsAction,
    staleTime: 0,
  });

/** The admin's queue (GET /api/admin/needs-action): what waits on an admin, each a count. */
export const useNeedsAction = () => useQuery(needsActionQueryOptions());
