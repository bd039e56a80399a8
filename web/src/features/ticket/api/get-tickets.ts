import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { ticketKeys, type TicketListParams } from "./keys";

export const getTickets = ({ page, limit, q, status }: TicketListParams) =>
  ok(
    api.ticket.$get({
      query: { page: String(page), limit: String(limit), ...(q ? { q } : {}), ...(status ? { status } : {}) },
    }),
  );

export const ticketsQueryOptions = (params: TicketListParams) =>
  queryOptions({
    meta: liveMeta("ticket"),
    queryKey: ticketKeys.list(params),
    queryFn: () => getTickets(params),
    placeholderData: keepPreviousData,
  });

/** A page of tickets: the operator's own, or every ticket for an admin; refreshed when a ticket changes. */
export const useTickets = (params: TicketListParams) => useQuery(ticketsQueryOptions(params));
