import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import type { IncentiveListStatus } from "@pli/api/public-contract";
import type { StatusListParams } from "@/shared/lists/list-params";
import { incentiveKeys } from "./keys";

export const getIncentives = ({ page, limit, q, status }: StatusListParams) =>
  ok(
    api.incentive.$get({
      query: {
        page: String(page),
        limit: String(limit),
        ...(q ? { q } : {}),
        ...(status ? { status: status as IncentiveListStatus } : {}),
      },
    }),
  );

/** Paid status comes from the chain's reward payments: a payment indexed refreshes the list. */
export const incentivesQueryOptions = (params: StatusListParams) =>
  queryOptions({
    meta: liveMeta("reward"),
    queryKey: incentiveKeys.list(params),
    queryFn: () => getIncentives(params),
    placeholderData: keepPreviousData,
  });

/** A page of incentives, newest date first: the operator's own, every operator's for an admin; q searches by status, status keeps one status or the due ones. */
export const useIncentives = (params: StatusListParams) => useQuery(incentivesQueryOptions(params));
