import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import type { ListParams } from "@/shared/lists/list-params";
import { inviteKeys } from "./keys";

/** GET /api/invite: a page of invited emails, newest first. */
export const getInvites = ({ page, limit, q }: ListParams) =>
  ok(api.invite.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}) } }));

export const invitesQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: inviteKeys.list(params),
    queryFn: () => getInvites(params),
    placeholderData: keepPreviousData,
  });

export const useInvites = (params: ListParams) => useQuery(invitesQueryOptions(params));
