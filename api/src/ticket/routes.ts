/**
 * Support tickets and their messages: operators open and answer them, admins answer and close them, each step mailed
 * and announced live, within the per-account limits (the spec's `/api/ticket/*`).
 */
import { ownerScope, adminOnly, signedIn, operatorOnly } from "../auth/index.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import { accountOf, enforceLimits, LIMITS_BY_ROUTE as L } from "../rate-limit/index.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { findTicket, listTickets, threadOf, toTicketMessage, toTicketResponse } from "./repository.ts";
import {
  TICKET_MESSAGES,
  type TicketDetail,
  ticketByIdQuerySchema,
  ticketCloseSchema,
  ticketCreateSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketReplySchema,
  ticketResponseSchema,
  ticketSavedSchema,
  TICKET_PATHS,
} from "./schema.ts";
import { closeTicket, openTicket, replyToTicket } from "./service.ts";
import { createRoute } from "@hono/zod-openapi";
import { auditActor } from "../audit/index.ts";
import { pagedSchema } from "../shared/schema.ts";
import { TICKET_LIMITS } from "./rules.ts";

/** The support ticket routes. */
const {
  400: invalid,
  401: unauthorized,
  403: forbidden,
  404: notFound,
  409: conflict,
  429: rateLimited,
} = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

const listTicketsRoute = createRoute({
  method: "get",
  path: TICKET_PATHS.root,
  ...describe(
    "signed-in",
    "Support tickets, latest activity first: an operator's own, or every ticket for an admin; status filters, q searches subject, number, owner's email or wallet and node name",
  ),
  middleware: [signedIn] as const,
  request: { query: ticketListQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(ticketResponseSchema), "A page of tickets"), ...guarded },
});

const openTicketRoute = createRoute({
  method: "post",
  path: TICKET_PATHS.root,
  ...describe(
    "user",
    `Open a support ticket (Open) with its first message, optionally about one of the operator's nodes; at most ${TICKET_LIMITS.openedPerHour} an hour per operator`,
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(ticketCreateSchema),
  responses: { 201: jsonResponse(ticketSavedSchema, "Opened"), ...guarded, 429: rateLimited },
});

const ticketByIdRoute = createRoute({
  method: "get",
  path: TICKET_PATHS.byId,
  ...describe("signed-in", "One ticket with its thread (the owner's, or any for an admin)"),
  middleware: [signedIn] as const,
  request: { query: ticketByIdQuerySchema },
  responses: { 200: jsonResponse(ticketDetailSchema, "The ticket"), ...guarded, 404: notFound },
});

const replyTicketRoute = createRoute({
  method: "post",
  path: TICKET_PATHS.reply,
  ...describe(
    "signed-in",
    `Reply to a ticket that is not closed (its owner, or an admin: the operator is emailed); an admin's reply makes it Answered, the owner's Open; at most ${TICKET_LIMITS.messagesPerMinute} a minute per account`,
  ),
  middleware: [signedIn] as const,
  request: jsonBody(ticketReplySchema),
  responses: {
    200: jsonResponse(ticketSavedSchema, "Replied"),
    ...guarded,
    404: notFound,
    409: conflict,
    429: rateLimited,
  },
});

const closeTicketRoute = createRoute({
  method: "post",
  path: TICKET_PATHS.close,
  ...describe("admin", "Close a ticket"),
  middleware: [adminOnly] as const,
  request: jsonBody(ticketCloseSchema),
  responses: { 200: jsonResponse(ticketSavedSchema, "Closed"), ...guarded, 404: notFound, 409: conflict },
});

/** The ticket with its thread; 404 when absent or, for an operator (`ownerId`), not theirs. */
async function readTicket(db: Db, id: string, ownerId: string | undefined): Promise<TicketDetail> {
  const [row, thread] = await Promise.all([findTicket(db, id, ownerId), threadOf(db, id)]);
  if (!row) throw new AppError("notFound", TICKET_MESSAGES.ticketNotFound);
  return {
    ...toTicketResponse(row),
    messages: thread.map((message) => toTicketMessage(message, { forAdmin: ownerId === undefined })),
  };
}

export const ticketRoutes = createRouter()
  .openapi(listTicketsRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listTickets(c.get("deps").db, { ...query, ownerId: ownerScope(c.get("session")!) });
    return c.json(paged(rows.map(toTicketResponse), total, query.page, query.limit), 200);
  })
  .openapi(openTicketRoute, async (c) => {
    const { db, mailQueue } = c.get("deps");
    const session = c.get("session")!;
    const operatorId = session.sub;
    await enforceLimits(c, [[L.ticketOpenAccount, accountOf(session)]], TICKET_MESSAGES.ticketsTooMany);
    const { id, mailed } = await openTicket(db, operatorId, c.req.valid("json"));
    if (mailed) mailQueue.wake();
    return c.json({ message: TICKET_MESSAGES.ticketSubmitted, data: await readTicket(db, id, operatorId) }, 201);
  })
  .openapi(ticketByIdRoute, async (c) =>
    c.json(await readTicket(c.get("deps").db, c.req.valid("query").ticketId, ownerScope(c.get("session")!)), 200),
  )
  .openapi(replyTicketRoute, async (c) => {
    const { db, mailQueue } = c.get("deps");
    const session = c.get("session")!;
    const { _id, message } = c.req.valid("json");
    await enforceLimits(c, [[L.ticketMessageAccount, accountOf(session)]], TICKET_MESSAGES.ticketMessagesTooMany);
    const { mailed } = await replyToTicket(db, { type: session.userType, id: session.sub }, _id, message);
    if (mailed) mailQueue.wake();
    return c.json(
      { message: TICKET_MESSAGES.ticketReplied, data: await readTicket(db, _id, ownerScope(session)) },
      200,
    );
  })
  .openapi(closeTicketRoute, async (c) => {
    const { db } = c.get("deps");
    const { _id } = c.req.valid("json");
    await closeTicket(db, { type: USER_TYPE.admin, id: c.get("session")!.sub }, _id, auditActor(c));
    return c.json({ message: TICKET_MESSAGES.ticketClosedDone, data: await readTicket(db, _id, undefined) }, 200);
  });
