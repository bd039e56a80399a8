import { z } from "zod";
import { mailTemplate, portalMailText } from "../mail/index.ts";

/** The ticket notices: support's reply to the operator, and a new ticket to every admin. */
export const TICKET_MAILS = {
  ticketReply: mailTemplate({
    details: z.object({ ticketNo: z.number().int(), subject: z.string(), reply: z.string() }),
    compose: (d, context) => ({
      subject: `Reply to your ticket #${d.ticketNo}: ${d.subject}`,
      text: portalMailText(
        [
          `Support replied to your ticket #${d.ticketNo} "${d.subject}":`,
          "",
          d.reply,
          "",
          "Read and answer it under Support Tickets on the portal.",
        ],
        context,
      ),
    }),
  }),
  ticketOpened: mailTemplate({
    details: z.object({
      ticketNo: z.number().int(),
      subject: z.string(),
      message: z.string(),
      from: z.string(),
      nodeName: z.string().nullable(),
    }),
    compose: (d, context) => ({
      subject: `New ticket #${d.ticketNo}: ${d.subject}`,
      text: portalMailText(
        [
          `${d.from} opened ticket #${d.ticketNo} "${d.subject}"${d.nodeName ? ` about node ${d.nodeName}` : ""}:`,
          "",
          d.message,
          "",
          "Answer it under Tickets in the admin console.",
        ],
        context,
      ),
    }),
  }),
};

type TicketMails = typeof TICKET_MAILS;
declare module "../mail/template.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges this feature's kinds into the list
  interface MailTemplates extends TicketMails {}
}
