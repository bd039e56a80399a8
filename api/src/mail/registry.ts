import { ALERT_MAILS } from "../alert/mails.ts";
import type { AlertKind } from "../alert/rules.ts";
import { INCENTIVE_MAILS } from "../incentive/mails.ts";
import { JOB_MAILS } from "../job/mails.ts";
import { NODE_MAILS } from "../node/mails.ts";
import { TICKET_MAILS } from "../ticket/mails.ts";
import { WEBHOOK_MAILS } from "../webhook/mails.ts";
import type { MailTemplate } from "./template.ts";

/**
 * Every kind of mail the outbox sends, each registered by its feature: one line per feature (every alert an operator
 * can turn off among them).
 */
export const MAIL_TEMPLATES = {
  ...ALERT_MAILS,
  ...INCENTIVE_MAILS,
  ...JOB_MAILS,
  ...NODE_MAILS,
  ...TICKET_MAILS,
  ...WEBHOOK_MAILS,
} satisfies Record<AlertKind, MailTemplate> & Record<string, MailTemplate>;
