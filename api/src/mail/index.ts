/** The mail feature's public entry: other features, and the tools outside the API (as @pli/api/mail), import only what it lists. */
export { type Mailer, PROMPT_MAIL, createMailer, sendPromptly } from "./mailer.ts";
export {
  MAIL_OUTCOME,
  MAX_ATTEMPTS,
  type MailKind,
  type MailSenderDeps,
  mailOf,
  recordMails,
  sendPendingMails,
} from "./outbox.ts";
export { type MailContext, type MailTemplate, brandFooter, mailTemplate, portalMailText } from "./template.ts";
