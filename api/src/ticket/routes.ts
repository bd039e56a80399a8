import { ownerScope } from "../auth/owner-scope.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import { accountOf, enforceLimits, LIMITS_BY_ROUTE as L } from "../rate-limit/rate-limit.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { createRouter } from "../shared/openapi.ts";
import { closeTicketRoute, listTicketsRoute, openTicketRoute, replyTicketRoute, ticketByIdRoute } from "./operations.ts";
import { findTicket, listTickets, threadOf, toTicketMessage, toTicketResponse } from "./repository.ts";
import { TICKET_MESSAGES, type TicketDetail } from "./schema.ts";
import { closeTicket, openTicket, replyToTicket } from "./service.ts";

/** The ticket with its thread; 404 when absent or, for an operator (`ownerId`), not theirs. */
async function readTicket(db: Db, id: string, ownerId: string | undefined): Promise<TicketDetail> {
  const [row, thread] = await Promise.all([findTicket(db, id, ownerId), threadOf(db, id)]);
  if (!row) throw new AppError("notFound", TICKET_MESSAGES.ticketNotFound);
  return { ...toTicketResponse(row), messages: thread.map((message) => toTicketMessage(message, { forAdmin: ownerId === undefined })) };
}

export const ticketRoutes = createRouter()
  .openapi(listTicketsRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listTickets(c.var.deps.db, { ...query, ownerId: ownerScope(c.get("session")!) });
    return c.json(paged(rows.map(toTicketResponse), total, query.page, query.limit), 200);
  })
  .openapi(openTicketRoute, async (c) => {
    const { db, mailQueue } = c.var.deps;
    const session = c.get("session")!;
    const operatorId = session.sub;
    await enforceLimits(c, [[L.ticketOpenAccount, accountOf(session)]], TICKET_MESSAGES.ticketsTooMany);
    const { id, mailed } = await openTicket(db, operatorId, c.req.valid("json"));
    if (mailed) mailQueue.wake();
    return c.json({ message: TICKET_MESSAGES.ticketSubmitted, data: await readTicket(db, id, operatorId) }, 201);
  })
  .openapi(ticketByIdRoute, async (c) => c.json(await readTicket(c.var.deps.db, c.req.valid("query").ticketId, ownerScope(c.get("session")!)), 200))
  .openapi(replyTicketRoute, async (c) => {
    const { db, mailQueue } = c.var.deps;
    const session = c.get("session")!;
    const { _id, message } = c.req.valid("json");
    await enforceLimits(c, [[L.ticketMessageAccount, accountOf(session)]], TICKET_MESSAGES.ticketMessagesTooMany);
    const { mailed } = await replyToTicket(db, { type: session.userType, id: session.sub }, _id, message);
    if (mailed) mailQueue.wake();
    return c.json({ message: TICKET_MESSAGES.ticketReplied, data: await readTicket(db, _id, ownerScope(session)) }, 200);
  })
  .openapi(closeTicketRoute, async (c) => {
    const { db } = c.var.deps;
    const { _id } = c.req.valid("json");
    await closeTicket(db, { type: USER_TYPE.admin, id: c.get("session")!.sub }, _id);
    return c.json({ message: TICKET_MESSAGES.ticketClosedDone, data: await readTicket(db, _id, undefined) }, 200);
  });
