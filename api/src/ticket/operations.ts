import { createRoute } from "@hono/zod-openapi";
import { adminOnly, signedIn, operatorOnly } from "../auth/middleware.ts";
import { describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { pagedSchema } from "../shared/schema.ts";
import { TICKET_LIMITS } from "./rules.ts";
import { ticketByIdQuerySchema, ticketCloseSchema, ticketCreateSchema, ticketDetailSchema, ticketListQuerySchema, ticketReplySchema, ticketResponseSchema, ticketSavedSchema } from "./schema.ts";

/** The support ticket routes' declarations; handlers are in routes.ts. */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict, 429: rateLimited } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

export const listTicketsRoute = createRoute({
  method: "get",
  path: "/",
  ...describe("signed-in", "Support tickets, latest activity first: an operator's own, or every ticket for an admin; status filters, q searches subject, number, owner's email or wallet and node name"),
  middleware: [signedIn] as const,
  request: { query: ticketListQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(ticketResponseSchema), "A page of tickets"), ...guarded },
});

export const openTicketRoute = createRoute({
  method: "post",
  path: "/",
  ...describe("user", `Open a support ticket (Open) with its first message, optionally about one of the operator's nodes; at most ${TICKET_LIMITS.openedPerHour} an hour per operator`),
  middleware: [operatorOnly] as const,
  request: jsonBody(ticketCreateSchema),
  responses: { 201: jsonResponse(ticketSavedSchema, "Opened"), ...guarded, 429: rateLimited },
});

export const ticketByIdRoute = createRoute({
  method: "get",
  path: "/getTicketByID",
  ...describe("signed-in", "One ticket with its thread (the owner's, or any for an admin)"),
  middleware: [signedIn] as const,
  request: { query: ticketByIdQuerySchema },
  responses: { 200: jsonResponse(ticketDetailSchema, "The ticket"), ...guarded, 404: notFound },
});

export const replyTicketRoute = createRoute({
  method: "post",
  path: "/reply",
  ...describe("signed-in", `Reply to a ticket that is not closed (its owner, or an admin: the operator is emailed); an admin's reply makes it Answered, the owner's Open; at most ${TICKET_LIMITS.messagesPerMinute} a minute per account`),
  middleware: [signedIn] as const,
  request: jsonBody(ticketReplySchema),
  responses: { 200: jsonResponse(ticketSavedSchema, "Replied"), ...guarded, 404: notFound, 409: conflict, 429: rateLimited },
});

export const closeTicketRoute = createRoute({
  method: "post",
  path: "/close",
  ...describe("admin", "Close a ticket"),
  middleware: [adminOnly] as const,
  request: jsonBody(ticketCloseSchema),
  responses: { 200: jsonResponse(ticketSavedSchema, "Closed"), ...guarded, 404: notFound, 409: conflict },
});
