import { routes } from "@/shared/config/routes";

/** The ticket pages exist for operators and for admins; each variant links within its own frame. */
export const TICKET_ROUTES = {
  user: { list: routes.listTicket, view: routes.viewTicket },
  admin: { list: routes.adminListTicket, view: routes.adminViewTicket },
} as const;

export type TicketVariant = keyof typeof TICKET_ROUTES;
