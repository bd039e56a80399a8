import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { ticketKeys } from "./keys";

export const replyToTicket = (input: { _id: string; message: string }) => ok(api.ticket.reply.$post({ json: input }));

/** Adds a reply to a ticket's thread; the thread and the lists refresh. */
export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
