import { LIMITS } from "@pli/api/public-contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { ticketKeys } from "./keys";

/** The operator's nodes a ticket can be about (name and id). */
export const getOwnNodes = () => ok(api.nodesetting.$get({ query: { page: "1", limit: String(LIMITS.maxPageSize) } }));

export const ownNodesQueryOptions = () =>
  queryOptions({
    queryKey: ticketKeys.ownNodes,
    queryFn: getOwnNodes,
    select: (page) => page.docs.map((node) => ({ value: node._id, label: node.name })),
  });

export const useOwnNodes = () => useQuery(ownNodesQueryOptions());
