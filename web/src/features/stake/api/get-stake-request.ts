import { ownStakeRequestsSchema } from "@pli/api/public-contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { stakeKeys } from "./keys";

/** The operator's latest request for the node (null status when there is none). */
export const getStakeRequest = async (nodeId: string) =>
  ownStakeRequestsSchema.parse(await ok(api.request.$get({ query: { nodeId } })));

export const stakeRequestQueryOptions = (nodeId: string) =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "request"),
    queryKey: stakeKeys.request(nodeId),
    queryFn: () => getStakeRequest(nodeId),
  });

/** Whether the operator asked to stake on the node, and what the admin decided. */
export const useStakeRequest = (nodeId: string) => useQuery(stakeRequestQueryOptions(nodeId));
