import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { stakeRequestKeys } from "./keys";

export const getStakeRequest = (requestId: string) => ok(api.request.getRequestByID.$get({ query: { requestId } }));

export const stakeRequestQueryOptions = (requestId: string) =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "request"),
    queryKey: stakeRequestKeys.detail(requestId),
    queryFn: () => getStakeRequest(requestId),
    staleTime: 0,
  });

/** One request with its owner, node and the node's stake, read fresh from the API. */
export const useStakeRequest = (requestId: string | null) =>
  useQuery({ ...stakeRequestQueryOptions(requestId ?? ""), enabled: Boolean(requestId) });
