import type { z } from "zod";
import type { Db } from "../db/database.ts";
import type { BrandResponse } from "../setting/schema.ts";

/** Who a recorded mail goes to: an operator or an admin by id, or the operator of a wallet (who may sign up later). */
export type MailRecipient = { type: "user" | "admin"; id: string } | { type: "wallet"; id: string };

export interface MailContext {
  db: Db;
  /** The portal's address (PUBLIC_URL). */
  publicUrl: string;
  /** The explorer's transaction URL prefix (EXPLORER_TX_URL). */
  explorerTxUrl: string;
}

/** What a template makes of a recorded mail: its subject and text, or why there is nothing left to send. */
export type ComposedMail = { subject: string; text: string } | { nothingToSend: string };

/**
 * One kind of mail, registered by the feature it belongs to (api/src/mail-templates.ts gathers them): the details its
 * event records, checked again when read back, and how they read as a mail when sent.
 */
export interface MailTemplate<Details extends z.ZodType = z.ZodType> {
  details: Details;
  compose(details: z.output<Details>, context: MailContext): ComposedMail | Promise<ComposedMail>;
  /** Whether the recipient turned this kind of mail off by the time it is sent (an operator's alert preferences). */
  turnedOff?(db: Db, recipientId: string): Promise<boolean>;
}

/**
 * Every kind of mail, by its template's type. Mail imports no feature: each feature's mails.ts adds its kinds here
 * (`declare module "../mail/template.ts"`), and api/src/mail-templates.ts hands their templates to the sender, checked
 * against this list.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MailTemplates {}

export type MailKind = keyof MailTemplates;

/** The template of every kind of mail, as the sender reads them. */
export type MailTemplateRegistry = { [K in MailKind]: MailTemplates[K] & MailTemplate };

/** A template, its details typed from its schema. */
export const mailTemplate = <Details extends z.ZodType>(template: MailTemplate<Details>): MailTemplate<Details> =>
  template;

/** A notice's text: its lines, then the portal's address and any closing lines. */
export const portalMailText = (lines: string[], context: Pick<MailContext, "publicUrl">, ...closing: string[]) =>
  [...lines, "", `Portal: ${context.publicUrl}`, ...closing].join("\n");

/**
 * What ends every mail: the application's name and the contact details of the site settings as they are when the mail
 * is sent (a detail left empty there is left out).
 */
export const brandFooter = (brand: BrandResponse) =>
  [
    "",
    "--",
    brand.applicationName,
    ...(brand.applicationEmail ? [`Email: ${brand.applicationEmail}`] : []),
    ...(brand.contactNo ? [`Phone: ${brand.contactNo}`] : []),
    ...(brand.address ? [`Address: ${brand.address}`] : []),
  ].join("\n");
