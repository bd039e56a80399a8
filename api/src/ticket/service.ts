import { type AuditActor, recordAudit } from "../audit/index.ts";
import { TICKET_STATUS, USER_TYPE, type UserType } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { mailOf, recordMails } from "../mail/index.ts";
import { AppError, validationError } from "../shared/errors.ts";
import {
  countMessages,
  insertMessage,
  insertTicket,
  lockTicket,
  ownsNode,
  setTicketStatus,
  ticketOrigin,
} from "./repository.ts";
import { mayClose, mayReply, messagesLeft, statusAfterReply } from "./rules.ts";
import { TICKET_MESSAGES, type TicketCreateInput } from "./schema.ts";

/**
 * Opens a ticket with its first message; a node named must be the operator's own. The same
 * transaction records one mail to each admin about it (keyed by ticket and admin, so never two).
 * Answers its id and whether mails were recorded.
 */
export async function openTicket(
  db: Db,
  operatorId: string,
  input: TicketCreateInput,
): Promise<{ id: string; mailed: boolean }> {
  const nodeId = input.nodeId ?? null;
  if (nodeId && !(await ownsNode(db, operatorId, nodeId)))
    throw validationError({ nodeId: TICKET_MESSAGES.ticketNodeNotYours });
  return db.transaction().execute(async (tx) => {
    const ticket = await insertTicket(tx, { operatorId, nodeId, subject: input.subject });
    await insertMessage(tx, {
      ticketId: ticket.id,
      author: { type: USER_TYPE.user, id: operatorId },
      body: input.message,
    });
    const [about, admins] = await Promise.all([
      ticketOrigin(tx, operatorId, nodeId),
      tx.selectFrom("app.admin").select("id").where("disabled_at", "is", null).execute(),
    ]);
    const details = { ticketNo: Number(ticket.ticket_no), subject: input.subject, message: input.message, ...about };
    const mails = admins.map((admin) =>
      mailOf("ticketOpened", `${ticket.id}:${admin.id}`, { type: USER_TYPE.admin, id: admin.id }, details),
    );
    return { id: ticket.id, mailed: (await recordMails(tx, mails)) > 0 };
  });
}

export interface TicketActor {
  type: UserType;
  id: string;
}

/**
 * Adds a reply to a ticket that is not closed: the operator's own ticket (404 for anyone else's) or,
 * for an admin, any. An admin's reply records the mail to the operator in the same transaction.
 * Answers whether a mail was recorded.
 */
export async function replyToTicket(
  db: Db,
  actor: TicketActor,
  ticketId: string,
  body: string,
): Promise<{ mailed: boolean }> {
  const isAdmin = actor.type === USER_TYPE.admin;
  return db.transaction().execute(async (tx) => {
    const ticket = await lockTicket(tx, ticketId, isAdmin ? undefined : actor.id);
    if (!ticket) throw new AppError("notFound", TICKET_MESSAGES.ticketNotFound);
    if (!mayReply(ticket.status)) throw new AppError("conflict", TICKET_MESSAGES.ticketClosed);
    if (messagesLeft(await countMessages(tx, ticketId)) === 0)
      throw new AppError("conflict", TICKET_MESSAGES.ticketFull);
    const message = await insertMessage(tx, { ticketId, author: actor, body });
    await setTicketStatus(tx, ticketId, statusAfterReply(actor.type));
    if (!isAdmin) return { mailed: false };
    const details = { ticketNo: Number(ticket.ticket_no), subject: ticket.subject, reply: body };
    return {
      mailed:
        (await recordMails(tx, [
          mailOf("ticketReply", message.id, { type: USER_TYPE.user, id: ticket.operator_id }, details),
        ])) > 0,
    };
  });
}

/** An admin closes a ticket; 409 when it is closed already. */
export async function closeTicket(db: Db, actor: TicketActor, ticketId: string, by: AuditActor): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw new AppError("notFound", TICKET_MESSAGES.ticketNotFound);
    if (!mayClose(ticket.status, actor.type)) throw new AppError("conflict", TICKET_MESSAGES.ticketAlreadyClosed);
    await setTicketStatus(tx, ticketId, TICKET_STATUS.closed, true);
    await recordAudit(tx, {
      by,
      action: "ticket.close",
      recordType: "ticket",
      recordId: ticketId,
      before: { status: ticket.status },
      after: { status: TICKET_STATUS.closed },
    });
  });
}
