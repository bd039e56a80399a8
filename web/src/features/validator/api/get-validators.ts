import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import type { ListParams } from "@/shared/lists/list-params";
import { validatorKeys } from "./keys";

/** GET /api/validator: a page of the directory, and whether an external service manages it. */
export const getValidators = ({ page, limit, q }: ListParams) =>
  ok(api.validator.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) } }));

export const validatorsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: validatorKeys.list(params),
    queryFn: () => getValidators(params),
    placeholderData: keepPreviousData,
  });

export const useValidators = (params: ListParams) => useQuery(validatorsQueryOptions(params));
