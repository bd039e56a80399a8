import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { stakeKeys } from "./keys";

export const getStakingNode = (nodeId: string) => ok(api.nodesetting.getNodeByID.$get({ query: { nodeId } }));

export const stakingNodeQueryOptions = (nodeId: string) =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "node"),
    queryKey: stakeKeys.node(nodeId),
    queryFn: () => getStakingNode(nodeId),
  });

/** The operator's node the staking screen is for, with its stake status on the chain. */
export const useStakingNode = (nodeId: string) => useQuery(stakingNodeQueryOptions(nodeId));
