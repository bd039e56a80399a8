import type { Paged, StakeRequestResponse } from "@pli/api/public-contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import type { ListParams } from "@/shared/lists/list-params";
import { stakeRequestKeys } from "./keys";

/** The admin's answer of GET /api/request/ (an operator gets their statuses instead). */
const isPage = (answer: object): answer is Paged<StakeRequestResponse> => "docs" in answer;

export async function getStakeRequests({ page, limit, q }: ListParams): Promise<Paged<StakeRequestResponse>> {
  const answer = await ok(
    api.request.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) } }),
  );
  if (!isPage(answer)) throw new Error("GET /api/request/ answered an operator's statuses to an admin");
  return answer;
}

/**
 * A request's stake entries and its node's farm whitelist come from the chain: stake and whitelist events refresh the
 * list.
 */
export const stakeRequestsQueryOptions = (params: ListParams) =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "request"),
    queryKey: stakeRequestKeys.list(params),
    queryFn: () => getStakeRequests(params),
    placeholderData: keepPreviousData,
  });

/** A page of every operator's interest requests, for the admin's 'Request Lists'. */
export const useStakeRequests = (params: ListParams) => useQuery(stakeRequestsQueryOptions(params));
