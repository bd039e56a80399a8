import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { ticketKeys } from "./keys";

export const closeTicket = (id: string) => ok(api.ticket.close.$post({ json: { _id: id } }));

/** An admin closes a ticket; the thread and the lists refresh. */
export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
