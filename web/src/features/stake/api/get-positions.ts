import { LIMITS, type NodeResponse } from "@pli/api/public-contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { stakeKeys } from "./keys";

/** Every node of the operator (an operator holds a handful) with its stake on the chain. */
const getOwnNodes = () => ok(api.nodesetting.$get({ query: { page: "1", limit: String(LIMITS.maxPageSize) } }));

/** The nodes the chain shows a stake position on (Stake, Unlock or Withdraw). */
const withPosition = ({ docs }: Awaited<ReturnType<typeof getOwnNodes>>): NodeResponse[] =>
  docs.filter((node) => node.stake.status !== null);

export const positionsQueryOptions = () =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "node"),
    queryKey: stakeKeys.positions,
    queryFn: getOwnNodes,
    select: withPosition,
  });

/** The operator's stake positions, one per node. */
export const usePositions = () => useQuery(positionsQueryOptions());
