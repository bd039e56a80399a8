import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { requestKeys } from "./keys";

export const getRequest = (requestId: string) => ok(api.request.getRequestByID.$get({ query: { requestId } }));

export const requestQueryOptions = (requestId: string) =>
  queryOptions({ meta: liveMeta("stake", "whitelist", "request"), queryKey: requestKeys.detail(requestId), queryFn: () => getRequest(requestId), staleTime: 0 });

/** One request with its owner, node and the node's stake, read fresh from the API. */
export const useRequest = (requestId: string | null) => useQuery({ ...requestQueryOptions(requestId ?? ""), enabled: Boolean(requestId) });
