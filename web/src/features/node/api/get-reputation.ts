import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { nodeKeys } from "./keys";

export const getReputation = (nodeSettingID: string) =>
  ok(api.nodesetting.viewreputation.$post({ json: { nodeSettingID } }));

export const reputationQueryOptions = (nodeId: string) =>
  queryOptions({ queryKey: nodeKeys.reputation(nodeId), queryFn: () => getReputation(nodeId), staleTime: 0 });

/** A node's reputation values of the last 30 days and its score. */
export const useReputation = (nodeId: string) => useQuery(reputationQueryOptions(nodeId));
