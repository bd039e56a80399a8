import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import type { Log } from "../shared/logger.ts";

export interface Mail {
  to: string;
  /** The sender's name shown with MAIL_FROM's address (the application name of the site settings); MAIL_FROM's own when absent. */
  fromName?: string;
  subject: string;
  text: string;
  /** The same for every copy of one mail (outbox mails: mail/outbox.ts, idempotencyKey). */
  messageId?: string;
  headers?: Record<string, string>;
}

/** MAIL_FROM with `name` in place of its own name, when one is given. */
export function senderOf(mailFrom: string, name: string | undefined): string | { name: string; address: string } {
  if (!name) return mailFrom;
  return { name, address: /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim() };
}

const senderText = (sender: ReturnType<typeof senderOf>) =>
  typeof sender === "string" ? sender : `"${sender.name.replace(/["\\]/g, "")}" <${sender.address}>`;

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * How long one SMTP exchange may wait on the server (nodemailer waits minutes by default), unless
 * SMTP_URL's query sets them.
 */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 } as const;

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise a development outbox: each mail is written
 * to OUTBOX_DIR and announced on the console, so a developer can sign in without a mail server.
 */
export function createMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "OUTBOX_DIR">, log: Log): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS_MS });
    return {
      async send({ fromName, ...mail }) {
        await transport.sendMail({ from: senderOf(config.MAIL_FROM, fromName), ...mail });
      },
    };
  }
  return {
    async send({ fromName, ...mail }) {
      await mkdir(config.OUTBOX_DIR, { recursive: true });
      const file = path.join(
        config.OUTBOX_DIR,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.txt`,
      );
      await writeFile(
        file,
        [
          `From: ${senderText(senderOf(config.MAIL_FROM, fromName))}`,
          `To: ${mail.to}`,
          `Subject: ${mail.subject}`,
          ...(mail.messageId ? [`Message-ID: ${mail.messageId}`] : []),
          ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
          "",
          `${mail.text}\n`,
        ].join("\n"),
      );
      log.warn(
        { to: mail.to, subject: mail.subject, file, text: mail.text },
        `[DEVELOPMENT ONLY: no SMTP_URL] mail written to ${file}`,
      );
    },
  };
}

const UNREACHABLE = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS"]);

/**
 * A failure that may pass by itself: the server answered a temporary refusal (4xx: throttling, 421
 * closing, 450/451/452/454) or could not be reached or answered too slowly.
 */
export function isTemporaryMailFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return typeof code === "string" && UNREACHABLE.has(code);
}

/** A person waits for these mails: tries after a temporary failure, and the time all tries may take. */
export const PROMPT_MAIL = { retryDelaysMs: [300, 1_200], deadlineMs: 12_000 } as const;

/**
 * Sends a mail someone is waiting for (a sign-in code): after a temporary failure it tries again
 * after a short pause (PROMPT_MAIL), and gives up once the deadline passes, so the request that
 * waits stays short. Throws the last failure.
 */
export async function sendPromptly(
  mailer: Mailer,
  mail: Mail,
  {
    retryDelaysMs = PROMPT_MAIL.retryDelaysMs,
    deadlineMs = PROMPT_MAIL.deadlineMs,
  }: { retryDelaysMs?: readonly number[]; deadlineMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await beforeDeadline(mailer.send(mail), deadline);
      return;
    } catch (error) {
      const delay = retryDelaysMs[attempt];
      if (delay === undefined || !isTemporaryMailFailure(error) || Date.now() + delay >= deadline) throw error;
      await sleep(delay);
    }
  }
}

/** The send's outcome, or a timeout once the deadline passes (the send itself may still finish). */
async function beforeDeadline(send: Promise<void>, deadline: number): Promise<void> {
  const abandon = new AbortController();
  send.catch(() => undefined);
  const timeout = sleep(Math.max(0, deadline - Date.now()), undefined, { signal: abandon.signal }).then(() => {
    throw Object.assign(new Error("The mail server did not answer in time"), { code: "ETIMEDOUT" });
  });
  timeout.catch(() => undefined);
  try {
    await Promise.race([send, timeout]);
  } finally {
    abandon.abort();
  }
}
