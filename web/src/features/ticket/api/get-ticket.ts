import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { ticketKeys } from "./keys";

export const getTicket = (ticketId: string) => ok(api.ticket.getTicketByID.$get({ query: { ticketId } }));

export const ticketQueryOptions = (ticketId: string) =>
  queryOptions({
    meta: liveMeta("ticket"),
    queryKey: ticketKeys.detail(ticketId),
    queryFn: () => getTicket(ticketId),
    staleTime: 0,
  });

/** One ticket with its thread, read fresh from the API and again when a reply or a status change is announced. */
export const useTicket = (ticketId: string | null) =>
  useQuery({ ...ticketQueryOptions(ticketId ?? ""), enabled: Boolean(ticketId) });
