import { z } from "zod";
import { mailTemplate, portalMailText } from "../mail/index.ts";
import { WEBHOOK_KIND_LABELS, WEBHOOK_KINDS, WEBHOOK_LIMITS } from "./rules.ts";

/** The mail telling an operator their webhook was turned off after failing again and again. */
export const WEBHOOK_MAILS = {
  webhookDisabled: mailTemplate({
    details: z.object({ kind: z.enum(WEBHOOK_KINDS), target: z.string(), lastError: z.string() }),
    compose: (d, context) => ({
      subject: `Your ${WEBHOOK_KIND_LABELS[d.kind]} webhook was turned off`,
      text: portalMailText(
        [
          `Your ${WEBHOOK_KIND_LABELS[d.kind]} webhook (${d.target}) failed ${WEBHOOK_LIMITS.disableAfterFailures} times in a row, so the portal turned it off and sends it no more alerts.`,
          `Last failure: ${d.lastError}`,
          "",
          "Check the receiver, then delete the webhook and add it again on your profile.",
        ],
        context,
      ),
    }),
  }),
};

type WebhookMails = typeof WEBHOOK_MAILS;
declare module "../mail/template.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges this feature's kinds into the list
  interface MailTemplates extends WebhookMails {}
}
