import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { nodeKeys } from "./keys";

export const getInactiveDates = (nodeSettingID: string) =>
  ok(api.nodesetting.viewinactivedates.$post({ json: { nodeSettingID } }));

export const inactiveDatesQueryOptions = (nodeId: string) =>
  queryOptions({ queryKey: nodeKeys.inactiveDates(nodeId), queryFn: () => getInactiveDates(nodeId), staleTime: 0 });

/** The days of the last 30 on which a node was inactive, newest first. */
export const useInactiveDates = (nodeId: string) => useQuery(inactiveDatesQueryOptions(nodeId));
