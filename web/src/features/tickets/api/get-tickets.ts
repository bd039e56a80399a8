import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { ticketKeys, type TicketListParams } from "./keys";

export const getTickets = ({ page, limit, q, status }: TicketListParams) =>
  ok(api.ticket.$get({ query: { page: String(page), limit: String(limit), ...(q ? { q } : {}), ...(status ? { status } : {}) } }));

export const ticketsQueryOptions = (params: TicketListParams) => queryOptions({ queryKey: ticketKeys.list(params), queryFn: () => getTickets(params), placeholderData: keepPreviousData });

/** A page of tickets: the operator's own, or every ticket for an admin. */
export const useTickets = (params: TicketListParams) => useQuery(ticketsQueryOptions(params));
