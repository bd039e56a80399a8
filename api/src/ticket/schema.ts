import { z } from "zod";
import { USER_TYPE } from "../public-contract/domain.ts";
import { idSchema, listQuerySchema, text } from "../shared/schema.ts";
import { TICKET_LIMITS, TICKET_RULE_MESSAGES, TICKET_STATUSES } from "./rules.ts";
import { featureContract } from "../public-contract/feature.ts";
export * from "./rules.ts";

export const TICKET_PATHS = {
  root: "/api/ticket",
  byId: "/api/ticket/getTicketByID",
  reply: "/api/ticket/reply",
  close: "/api/ticket/close",
} as const;

export const TICKET_MESSAGES = {
  ticketSubmitted: "Ticket Submitted Successfully",
  ticketReplied: "Reply Sent Successfully",
  ticketClosedDone: "Ticket Closed Successfully",
  ticketNotFound: "Ticket not found",
  ticketNodeNotYours: "Choose one of your own nodes",
  ticketsTooMany: `You can open at most ${TICKET_LIMITS.openedPerHour} tickets an hour: add to one of your open tickets, or try again later`,
  ticketMessagesTooMany: `You can send at most ${TICKET_LIMITS.messagesPerMinute} messages a minute: wait a moment and send again`,
  ...TICKET_RULE_MESSAGES,
} as const;

const statusSchema = z.enum(TICKET_STATUSES, { error: `Status must be one of ${TICKET_STATUSES.join(", ")}` });

/** GET /api/ticket: a page of tickets (an operator's own, or every ticket for an admin), optionally of one status. */
export const ticketListQuerySchema = listQuerySchema.extend({ status: statusSchema.optional() });

/** POST /api/ticket: an operator opens a ticket, optionally about one of their nodes. */
export const ticketCreateSchema = z.object({
  subject: text(TICKET_LIMITS.subjectMax, "Subject"),
  message: text(TICKET_LIMITS.messageMax, "Message"),
  /** One of the operator's nodes; empty (what a select without a choice sends), null or absent for none. */
  nodeId: z.preprocess((value) => (value === "" ? null : value), idSchema.nullish()),
});
export type TicketCreateInput = z.infer<typeof ticketCreateSchema>;

export const ticketByIdQuerySchema = z.object({ ticketId: idSchema });
export const ticketReplySchema = z.object({ _id: idSchema, message: text(TICKET_LIMITS.messageMax, "Message") });
export const ticketCloseSchema = z.object({ _id: idSchema });

const authorTypeSchema = z.enum([USER_TYPE.user, USER_TYPE.admin]);

export const ticketResponseSchema = z.object({
  _id: z.string(),
  ticketNo: z.number().int(),
  subject: z.string(),
  status: statusSchema,
  node: z.object({ _id: z.string(), name: z.string() }).nullable(),
  user: z.object({ _id: z.string(), email: z.string(), walletAddress: z.string() }),
  messageCount: z.number().int(),
  /** Who wrote the newest message. */
  lastReplyBy: authorTypeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

export const ticketMessageSchema = z.object({
  _id: z.string(),
  authorType: authorTypeSchema,
  /** The admin who wrote it, shown to admins; empty for operators' messages and for operators. */
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A ticket with its thread, oldest message first. */
export const ticketDetailSchema = ticketResponseSchema.extend({ messages: z.array(ticketMessageSchema) });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketSavedSchema = z.object({ message: z.string(), data: ticketDetailSchema });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const TICKET_CONTRACT = featureContract({ ticket: TICKET_PATHS }, TICKET_MESSAGES);
