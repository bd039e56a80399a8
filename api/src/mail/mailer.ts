import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise a development outbox: each mail is written
 * to OUTBOX_DIR and announced on the console, so a developer can sign in without a mail server.
 */
export function createMailer(config: Config, log: (line: string) => void): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await mkdir(config.OUTBOX_DIR, { recursive: true });
      const file = path.join(config.OUTBOX_DIR, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.txt`);
      await writeFile(file, `From: ${config.MAIL_FROM}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      log(`[DEVELOPMENT ONLY: no SMTP_URL] mail to ${mail.to}: "${mail.subject}" written to ${file}\n${mail.text}`);
    },
  };
}
