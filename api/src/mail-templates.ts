import { ALERT_MAILS } from "./alert/mails.ts";
import type { AlertKind } from "./alert/rules.ts";
import { INCENTIVE_MAILS } from "./incentive/mails.ts";
import { JOB_MAILS } from "./job/mails.ts";
import type { MailTemplate, MailTemplateRegistry } from "./mail/template.ts";
import { NODE_MAILS } from "./node/mails.ts";
import { TICKET_MAILS } from "./ticket/mails.ts";
import { WEBHOOK_MAILS } from "./webhook/mails.ts";

/**
 * Every kind of mail the outbox sends, each registered by its feature: one line per feature (every alert an operator
 * can turn off among them). The sender is handed this list (createDeps), so the mail folder imports no feature; a kind
 * a feature declares (mail/template.ts, MailTemplates) without a template here fails to compile.
 */
export const MAIL_TEMPLATES = {
  ...ALERT_MAILS,
  ...INCENTIVE_MAILS,
  ...JOB_MAILS,
  ...NODE_MAILS,
  ...TICKET_MAILS,
  ...WEBHOOK_MAILS,
} satisfies MailTemplateRegistry & Record<AlertKind, MailTemplate>;
