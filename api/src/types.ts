export type { AppType } from "./app.ts";

/**
 * The mail kinds each feature declares into MailTemplates (its mails.ts) are part of the route types: a program that
 * reads only the routes (the web app's) would otherwise see no kind at all.
 */
export type MailTemplateList = typeof import("./mail-templates.ts").MAIL_TEMPLATES;
