import { z } from "zod";
import { idSchema, text } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";
import { WEBHOOK_KIND, WEBHOOK_KINDS, WEBHOOK_LIMITS } from "./rules.ts";
export * from "./rules.ts";

export const WEBHOOK_PATHS = {
  root: "/api/webhook",
  delete: "/api/webhook/delete",
  test: "/api/webhook/test",
  deliveries: "/api/webhook/deliveries",
} as const;

export const WEBHOOK_MESSAGES = {
  webhookAdded: "Webhook Added Successfully",
  webhookDeleted: "Webhook Deleted Successfully",
  webhookTestQueued: "Test Message Sent",
  webhookNotFound: "Webhook not found",
  webhooksTooMany: `You can have at most ${WEBHOOK_LIMITS.perOperator} webhooks: delete one first`,
  webhookKindRequired: `Kind must be one of ${WEBHOOK_KINDS.join(", ")}`,
  webhookUrlRequired: "Enter the webhook's URL (http:// or https://)",
  webhookUrlUnreachable: "This URL cannot be used",
  webhookBotTokenInvalid: "Enter the bot token BotFather gave you (digits, a colon and the key)",
  webhookChatIdInvalid: "Enter the chat id (a number, negative for groups) or the channel's @name",
  webhookTurnedOff: "This webhook is turned off: delete it and add it again",
  webhookSecretShownOnce: "Copy the signing secret now: it is shown only once",
} as const;

const url = text(500, "URL").refine((value) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, WEBHOOK_MESSAGES.webhookUrlRequired);

/** POST /api/webhook: a URL for Discord, Slack and generic JSON; a bot token and chat id for Telegram. */
export const webhookCreateSchema = z
  .object({
    kind: z.enum(WEBHOOK_KINDS, { error: WEBHOOK_MESSAGES.webhookKindRequired }),
    url: z.string().optional(),
    botToken: z.string().optional(),
    chatId: z.string().optional(),
  })
  .transform((input, ctx) => {
    if (input.kind === WEBHOOK_KIND.telegram) {
      const botToken = input.botToken?.trim() ?? "";
      const chatId = input.chatId?.trim() ?? "";
      if (!/^\d{1,20}:[\w-]{20,100}$/.test(botToken))
        ctx.addIssue({ code: "custom", path: ["botToken"], message: WEBHOOK_MESSAGES.webhookBotTokenInvalid });
      if (!/^(-?\d{1,20}|@\w{5,32})$/.test(chatId))
        ctx.addIssue({ code: "custom", path: ["chatId"], message: WEBHOOK_MESSAGES.webhookChatIdInvalid });
      return { kind: input.kind, target: chatId, token: botToken };
    }
    const parsed = url.safeParse(input.url ?? "");
    if (!parsed.success)
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: parsed.error.issues[0]?.message ?? WEBHOOK_MESSAGES.webhookUrlRequired,
      });
    return { kind: input.kind, target: parsed.data ?? "", token: null };
  });
export type WebhookCreateInput = z.output<typeof webhookCreateSchema>;

export const webhookIdSchema = z.object({ _id: idSchema });
export const webhookDeliveriesQuerySchema = z.object({ webhookId: idSchema });

export const webhookAttemptSchema = z.object({
  at: z.string(),
  event: z.string(),
  /** The receiver's HTTP status; null when it did not answer (see error). */
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().int(),
});
export type WebhookAttemptResponse = z.infer<typeof webhookAttemptSchema>;

export const webhookSchema = z.object({
  _id: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  /** The URL's host and last characters, or the Telegram chat: never the whole secret URL or token. */
  target: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  lastAttempt: webhookAttemptSchema.nullable(),
});
export type WebhookResponse = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ data: z.array(webhookSchema) });
export const webhookCreatedSchema = z.object({
  message: z.string(),
  data: webhookSchema,
  /** The generic JSON webhook's signing secret: in this answer only, never again. */
  secret: z.string().nullable(),
});
export const webhookSavedSchema = z.object({ message: z.string() });
export const webhookDeliveriesSchema = z.object({ data: z.array(webhookAttemptSchema) });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const WEBHOOK_CONTRACT = featureContract({ webhook: WEBHOOK_PATHS }, WEBHOOK_MESSAGES);
