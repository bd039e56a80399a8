import { createHmac } from "node:crypto";
import type { OutgoingRequest } from "./send.ts";
import { WEBHOOK_KIND, type WebhookEvent, type WebhookKind } from "./rules.ts";

/** One event as every kind of webhook receives it: a title and text for chats, the data for programs. */
export interface WebhookMessage {
  /** The event's own key: the same event is never delivered twice to one webhook. */
  id: string;
  event: WebhookEvent;
  occurredAt: string;
  title: string;
  text: string;
  data: Record<string, unknown>;
}

export interface WebhookTarget {
  kind: WebhookKind;
  target: string;
  token: string | null;
  secret: string | null;
}

/** The header a generic JSON webhook is signed in. */
export const SIGNATURE_HEADER = "Webhook-Signature";

/**
 * The signature of a generic JSON body, as Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`; the
 * timestamp inside the signed text lets a receiver refuse an old request replayed.
 */
export function signature(secret: string, body: string, unixSeconds: number) {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

const json = { "content-type": "application/json", "user-agent": "PLI-Validator-Portal-Webhook" };

/** The request that delivers `message` to a webhook, in its kind's own format. */
export function requestFor(
  hook: WebhookTarget,
  message: WebhookMessage,
  { telegramApiUrl, now }: { telegramApiUrl: string; now: Date },
): OutgoingRequest {
  switch (hook.kind) {
    case WEBHOOK_KIND.discord:
      return {
        url: hook.target,
        headers: json,
        body: JSON.stringify({
          content: `**${message.title}**`,
          embeds: [{ title: message.title, description: message.text, timestamp: message.occurredAt }],
          allowed_mentions: { parse: [] },
        }),
      };
    case WEBHOOK_KIND.slack:
      return {
        url: hook.target,
        headers: json,
        body: JSON.stringify({
          text: `${message.title}: ${message.text}`,
          blocks: [{ type: "section", text: { type: "mrkdwn", text: `*${message.title}*\n${message.text}` } }],
        }),
      };
    case WEBHOOK_KIND.telegram:
      return {
        url: `${telegramApiUrl.replace(/\/$/, "")}/bot${hook.token}/sendMessage`,
        headers: json,
        body: JSON.stringify({
          chat_id: hook.target,
          text: `${message.title}\n${message.text}`,
          disable_web_page_preview: true,
        }),
      };
    case WEBHOOK_KIND.json: {
      const body = JSON.stringify({
        id: message.id,
        type: message.event,
        occurredAt: message.occurredAt,
        data: message.data,
      });
      return {
        url: hook.target,
        headers: { ...json, [SIGNATURE_HEADER]: signature(hook.secret!, body, Math.floor(now.getTime() / 1000)) },
        body,
      };
    }
  }
}
