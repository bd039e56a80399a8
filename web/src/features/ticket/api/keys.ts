import type { TicketStatus } from "@pli/api/public-contract";
import type { ListParams } from "@/shared/lists/list-params";

export interface TicketListParams extends ListParams {
  status: TicketStatus | null;
}

/** Query keys of the ticket feature: invalidating `all` refreshes every ticket list and thread. */
export const ticketKeys = {
  all: ["tickets"] as const,
  list: (params: TicketListParams) => [...ticketKeys.all, "list", params] as const,
  detail: (id: string) => [...ticketKeys.all, "detail", id] as const,
  ownNodes: ["tickets", "own-nodes"] as const,
};
