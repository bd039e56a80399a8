import type { NodeTab } from "@pli/api/public-contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import type { ListParams } from "@/shared/lists/list-params";
import { nodeKeys } from "./keys";

export const getNodeRequests = (tab: NodeTab, { page, limit, q }: ListParams) =>
  ok(
    api.nodesetting.filterlist.$post({
      query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) },
      json: { status: tab },
    }),
  );

export const nodeRequestsQueryOptions = (tab: NodeTab, params: ListParams) =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "node"),
    queryKey: nodeKeys.requests(tab, params),
    queryFn: () => getNodeRequests(tab, params),
    placeholderData: keepPreviousData,
  });

/** A page of one admin tab (a status, or All) with every tab's count for the same search. */
export const useNodeRequests = (tab: NodeTab, params: ListParams) => useQuery(nodeRequestsQueryOptions(tab, params));
