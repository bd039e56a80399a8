import type { z } from "zod";
import type { ticketCreateSchema } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { ticketKeys } from "./keys";

export const openTicket = (input: z.input<typeof ticketCreateSchema>) => ok(api.ticket.$post({ json: input }));

/** Opens a ticket; the ticket lists refresh. */
export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
