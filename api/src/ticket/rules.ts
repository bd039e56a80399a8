import { TICKET_STATUS, USER_TYPE, type UserType } from "../public-contract/domain.ts";

/**
 * The support ticket rules in one place, pure, for the API (which enforces them) and the web app
 * (which offers only what they allow).
 */

export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const TICKET_STATUSES = Object.values(TICKET_STATUS) as [TicketStatus, ...TicketStatus[]];

/**
 * Lengths, how many tickets an operator may open an hour (each mails every admin), how many messages (first messages
 * and replies) one account may post a minute, and how many one ticket holds (each read returns its whole thread).
 */
export const TICKET_LIMITS = {
  subjectMax: 150,
  messageMax: 5000,
  openedPerHour: 5,
  messagesPerMinute: 20,
  messagesPerTicket: 200,
} as const;

export const TICKET_RULE_MESSAGES = {
  ticketClosed: "This ticket is closed: open a new ticket to ask again",
  ticketFull: `This ticket holds ${TICKET_LIMITS.messagesPerTicket} messages, its most: open a new ticket to go on`,
  ticketAlreadyClosed: "This ticket is already closed",
} as const;

/** How many more messages (replies of either side) a ticket holding `count` takes: none once it holds its most. */
export const messagesLeft = (count: number) => Math.max(0, TICKET_LIMITS.messagesPerTicket - count);

/** From this many messages left, the reply box says how many before it is reached. */
export const FEW_MESSAGES_LEFT = 10;

/** What the reply box says when few messages are left (`left` from messagesLeft, above 0). */
export const messagesLeftNote = (left: number) =>
  `${left === 1 ? "1 more message fits" : `${left} more messages fit`} in this ticket, then it takes no more: open a new ticket to go on`;

/** Closed tickets take no more replies; the others take replies from their operator and from admins. */
export const mayReply = (status: TicketStatus) => status !== TICKET_STATUS.closed;

/** Only admins close a ticket, and only one that is not closed yet. */
export const mayClose = (status: TicketStatus, actor: UserType) =>
  actor === USER_TYPE.admin && status !== TICKET_STATUS.closed;

/** A reply by support answers the ticket; one by the operator opens it again for support. */
export const statusAfterReply = (author: UserType): TicketStatus =>
  author === USER_TYPE.admin ? TICKET_STATUS.answered : TICKET_STATUS.open;
