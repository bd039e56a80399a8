import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { ticketKeys } from "./keys";

export const getTicket = (ticketId: string) => ok(api.ticket.getTicketByID.$get({ query: { ticketId } }));

export const ticketQueryOptions = (ticketId: string) => queryOptions({ queryKey: ticketKeys.detail(ticketId), queryFn: () => getTicket(ticketId), staleTime: 0 });

/** One ticket with its thread, read fresh from the API. */
export const useTicket = (ticketId: string | null) => useQuery({ ...ticketQueryOptions(ticketId ?? ""), enabled: Boolean(ticketId) });
