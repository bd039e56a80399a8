import { z } from "zod";
import { idSchema, text } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";
import { WEBHOOK_KIND, WEBHOOK_KINDS, WEBHOOK_LIMITS } from "./rules.ts";
export * from "./rules.ts";

export const WEBHOOK_PATHS = {
  root: "/api/webhook",
  delete: "/api/webhook/delete",
  edit: "/api/webhook/edit",
  test: "/api/webhook/test",
  deliveries: "/api/webhook/deliveries",
} as const;

export const WEBHOOK_MESSAGES = {
  webhookAdded: "Webhook Added Successfully",
  webhookDeleted: "Webhook Deleted Successfully",
  webhookSaved: "Webhook Saved Successfully",
  webhookTestQueued: "Test Message Sent",
  webhookNotFound: "Webhook not found",
  webhooksTooMany: `You can have at most ${WEBHOOK_LIMITS.perOperator} webhooks: delete one first`,
  webhookKindRequired: `Kind must be one of ${WEBHOOK_KINDS.join(", ")}`,
  webhookUrlRequired: "Enter the webhook's URL (http:// or https://)",
  webhookUrlUnreachable: "This URL cannot be used",
  webhookUrlHttpsOnly: "only https URLs are accepted",
  webhookUrlNotPublic: "its host must resolve to public addresses only",
  webhookTestsTooMany: `You can send at most ${WEBHOOK_LIMITS.testsPerMinute} test messages a minute: try again shortly`,
  webhookWritesTooMany: `You can add or change webhooks at most ${WEBHOOK_LIMITS.writesPerHour} times an hour: try again later`,
  webhookBotTokenInvalid: "Enter the bot token BotFather gave you (digits, a colon and the key)",
  webhookChatIdInvalid: "Enter the chat id (a number, negative for groups) or the channel's @name",
  webhookTurnedOff: "This webhook is turned off: turn it on first",
  webhookNameTooLong: `Name is at most ${WEBHOOK_LIMITS.nameLength} characters`,
  webhookFieldNotOfKind: "This kind of webhook has no such field",
  webhookSecretOnlySigned: "Only a generic JSON (signed) webhook has a signing secret",
  webhookSecretShownOnce: "Copy the signing secret now: it is shown only once",
} as const;

const url = text(500, "URL").refine((value) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, WEBHOOK_MESSAGES.webhookUrlRequired);

const botToken = z
  .string()
  .trim()
  .regex(/^\d{1,20}:[\w-]{20,100}$/, WEBHOOK_MESSAGES.webhookBotTokenInvalid);
const chatId = z
  .string()
  .trim()
  .regex(/^(-?\d{1,20}|@\w{5,32})$/, WEBHOOK_MESSAGES.webhookChatIdInvalid);
const name = z.string().trim().max(WEBHOOK_LIMITS.nameLength, WEBHOOK_MESSAGES.webhookNameTooLong);

/** POST /api/webhook: a URL for Discord, Slack and generic JSON; a bot token and chat id for Telegram. */
export const webhookCreateSchema = z
  .object({
    kind: z.enum(WEBHOOK_KINDS, { error: WEBHOOK_MESSAGES.webhookKindRequired }),
    name: name.optional(),
    url: z.string().optional(),
    botToken: z.string().optional(),
    chatId: z.string().optional(),
  })
  .transform((input, ctx) => {
    if (input.kind === WEBHOOK_KIND.telegram) {
      const token = botToken.safeParse(input.botToken ?? "");
      const chat = chatId.safeParse(input.chatId ?? "");
      if (!token.success)
        ctx.addIssue({ code: "custom", path: ["botToken"], message: WEBHOOK_MESSAGES.webhookBotTokenInvalid });
      if (!chat.success)
        ctx.addIssue({ code: "custom", path: ["chatId"], message: WEBHOOK_MESSAGES.webhookChatIdInvalid });
      return { kind: input.kind, name: input.name ?? "", target: chat.data ?? "", token: token.data ?? "" };
    }
    const parsed = url.safeParse(input.url ?? "");
    if (!parsed.success)
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: parsed.error.issues[0]?.message ?? WEBHOOK_MESSAGES.webhookUrlRequired,
      });
    return { kind: input.kind, name: input.name ?? "", target: parsed.data ?? "", token: null };
  });
export type WebhookCreateInput = z.output<typeof webhookCreateSchema>;

/** A field of an edit whose empty value means "keep what is there" (a form's blank field). */
const keptWhenEmpty = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), field.optional());

/**
 * POST /api/webhook/edit: what changes of one webhook, every field optional. `enabled: true` turns a webhook that was
 * turned off (by hand or after failures) back on with its failure count reset. `url` is for Discord, Slack and
 * generic JSON, `chatId` and `botToken` for Telegram; each left out or empty is kept. A generic JSON webhook keeps its
 * signing secret when its URL changes unless `rotateSecret` asks for a new one, answered once.
 */
export const webhookEditSchema = z.object({
  _id: idSchema,
  name: name.optional(),
  enabled: z.boolean().optional(),
  url: keptWhenEmpty(url),
  chatId: keptWhenEmpty(chatId),
  botToken: keptWhenEmpty(botToken),
  rotateSecret: z.boolean().optional(),
});
export type WebhookEditInput = z.output<typeof webhookEditSchema>;

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
  /** The operator's label for it, empty when none was given. */
  name: z.string(),
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
/** The answer to an edit; `secret` is a generic JSON webhook's new signing secret when one was asked for, else null. */
export const webhookEditedSchema = webhookCreatedSchema;
export const webhookSavedSchema = z.object({ message: z.string() });
export const webhookDeliveriesSchema = z.object({ data: z.array(webhookAttemptSchema) });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const WEBHOOK_CONTRACT = featureContract({ webhook: WEBHOOK_PATHS }, WEBHOOK_MESSAGES);
