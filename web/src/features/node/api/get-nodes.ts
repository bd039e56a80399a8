import { canAddNode, LIMITS } from "@pli/api/public-contract";
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import type { ListParams } from "@/shared/lists/list-params";
import { nodeKeys } from "./keys";

export const getNodes = ({ page, limit, q }: ListParams) =>
  ok(api.nodesetting.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) } }));

export const nodesQueryOptions = (params: ListParams) =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "node"),
    queryKey: nodeKeys.list(params),
    queryFn: () => getNodes(params),
    placeholderData: keepPreviousData,
  });

/** A page of the signed-in operator's nodes. */
export const useNodes = (params: ListParams) => useQuery(nodesQueryOptions(params));

/** Every node of the operator (an operator holds a handful), for the node limit. */
const ALL_OWN: ListParams = { page: 1, limit: LIMITS.maxPageSize, q: "" };

const mayAddNode = ({ docs }: Awaited<ReturnType<typeof getNodes>>) =>
  canAddNode(docs.map((node) => ({ status: node.status, stakeStatus: node.stake.status })));

/** Whether spec 4's node limit (the API's rule) still lets the operator add a node; undefined while loading. */
export const useNodeLimit = () => useQuery({ ...nodesQueryOptions(ALL_OWN), staleTime: 0, select: mayAddNode });

/** Asks the API for the operator's nodes and answers whether spec 4's node limit still allows adding one. */
export function useCheckNodeLimit() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    return mayAddNode(await queryClient.fetchQuery({ ...nodesQueryOptions(ALL_OWN), staleTime: 0 }));
  }, [queryClient]);
}
