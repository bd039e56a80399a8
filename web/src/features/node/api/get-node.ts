import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { nodeKeys } from "./keys";

export const getNode = (nodeId: string) => ok(api.nodesetting.getNodeByID.$get({ query: { nodeId } }));

export const nodeQueryOptions = (nodeId: string) =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "node"),
    queryKey: nodeKeys.detail(nodeId),
    queryFn: () => getNode(nodeId),
    staleTime: 0,
  });

/** One node, read fresh from the API (an admin also gets its status history). */
export const useNode = (nodeId: string | undefined) =>
  useQuery({ ...nodeQueryOptions(nodeId ?? ""), enabled: Boolean(nodeId) });
