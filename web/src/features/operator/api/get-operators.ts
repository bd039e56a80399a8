import type { OperatorResponse, Paged } from "@pli/api/public-contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import type { ListParams } from "@/shared/lists/list-params";
import { operatorKeys } from "./keys";

/** The admin's answer of GET /api/user (an operator gets their own record instead). */
const isPage = (answer: object): answer is Paged<OperatorResponse> => "docs" in answer;

export async function getOperators({ page, limit, q }: ListParams): Promise<Paged<OperatorResponse>> {
  const answer = await ok(api.user.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) } }));
  if (!isPage(answer)) throw new Error("GET /api/user answered an operator's own record to an admin");
  return answer;
}

/** Each row counts the operator's nodes: node events refresh the list. */
export const operatorsQueryOptions = (params: ListParams) =>
  queryOptions({
    meta: liveMeta("node"),
    queryKey: operatorKeys.list(params),
    queryFn: () => getOperators(params),
    placeholderData: keepPreviousData,
  });

/** A page of the operator accounts, for the admin's 'Operators' screen. */
export const useOperators = (params: ListParams) => useQuery(operatorsQueryOptions(params));
