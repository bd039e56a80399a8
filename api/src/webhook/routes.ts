/**
 * Operators' webhooks (Discord, Slack, Telegram, signed generic JSON): adding, editing and testing them, their secrets
 * sealed at rest, the public-address guard, delivery with retries and the attempt log (`/api/webhook/*`).
 */
import { randomUUID } from "node:crypto";
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { accountOf, enforceLimits, LIMITS_BY_ROUTE } from "../rate-limit/index.ts";
import { operatorOnly } from "../auth/index.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { testMessage } from "./events.ts";
import { reachableAddresses, UnreachableTarget } from "./guard.ts";
import {
  addWebhook,
  deleteWebhook,
  editWebhook,
  listWebhooks,
  ownWebhook,
  recordWebhookMessage,
  webhookAttempts,
} from "./repository.ts";
import { WEBHOOK_KIND, WEBHOOK_LIMITS } from "./rules.ts";
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_PATHS,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookEditedSchema,
  webhookEditSchema,
  webhookIdSchema,
  webhookListSchema,
  webhookSavedSchema,
} from "./schema.ts";

const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict, 429: tooMany } = ERROR_RESPONSES;
const guarded = { 401: unauthorized, 403: forbidden };

const list = createRoute({
  method: "get",
  path: WEBHOOK_PATHS.root,
  ...describe("user", "The signed-in operator's webhooks, each with its last delivery attempt"),
  middleware: [operatorOnly] as const,
  responses: { 200: jsonResponse(webhookListSchema, "The webhooks, oldest first"), ...guarded },
});

const add = createRoute({
  method: "post",
  path: WEBHOOK_PATHS.root,
  ...describe(
    "user",
    `Add a webhook (Discord, Slack, Telegram or signed generic JSON), at most ${WEBHOOK_LIMITS.perOperator}; in production only https URLs of public hosts. A generic JSON webhook's signing secret is in this answer only. Adds and edits: at most ${WEBHOOK_LIMITS.writesPerHour} an hour per operator (429 with Retry-After past it)`,
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(webhookCreateSchema),
  responses: {
    201: jsonResponse(webhookCreatedSchema, "Added"),
    400: invalid,
    ...guarded,
    409: conflict,
    429: tooMany,
  },
});

const remove = createRoute({
  method: "post",
  path: WEBHOOK_PATHS.delete,
  ...describe("user", "Delete one of the signed-in operator's webhooks, with its delivery log"),
  middleware: [operatorOnly] as const,
  request: jsonBody(webhookIdSchema),
  responses: { 200: jsonResponse(webhookSavedSchema, "Deleted"), 400: invalid, ...guarded, 404: notFound },
});

const edit = createRoute({
  method: "post",
  path: WEBHOOK_PATHS.edit,
  ...describe(
    "user",
    "Edit one of the signed-in operator's webhooks: its name and target, or turn it on again (its failures reset) or off. A generic JSON webhook keeps its signing secret unless a new one is asked for, answered here only",
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(webhookEditSchema),
  responses: {
    200: jsonResponse(webhookEditedSchema, "Saved"),
    400: invalid,
    ...guarded,
    404: notFound,
    429: tooMany,
  },
});

/**
 * A URL the webhook may post to (in production https on public addresses only), else the URL field's error; what the
 * host resolved to is logged, never answered in production (UnreachableTarget).
 */
async function checkReachable(c: Context<AppEnv>, url: string) {
  const { webhooks, log } = c.get("deps");
  try {
    await reachableAddresses(url, webhooks.reach);
  } catch (error) {
    if (!(error instanceof UnreachableTarget)) throw error;
    log.info({ operatorId: c.get("session")!.sub, reason: error.message }, "webhook URL refused");
    throw validationError({ url: `${WEBHOOK_MESSAGES.webhookUrlUnreachable}: ${error.shown}` });
  }
}

/** Counts an add or edit on the operator's hourly budget, before its host is looked up: 429 past it. */
const spendWrite = (c: Context<AppEnv>) =>
  enforceLimits(
    c,
    [[LIMITS_BY_ROUTE.webhookWriteAccount, accountOf(c.get("session")!)]],
    WEBHOOK_MESSAGES.webhookWritesTooMany,
  );

const test = createRoute({
  method: "post",
  path: WEBHOOK_PATHS.test,
  ...describe(
    "user",
    `Send a sample message to one of the signed-in operator's webhooks now, at most ${WEBHOOK_LIMITS.testsPerMinute} a minute per operator (429 with Retry-After past it)`,
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(webhookIdSchema),
  responses: {
    200: jsonResponse(webhookSavedSchema, "Queued for delivery, delivered right after this answer"),
    400: invalid,
    ...guarded,
    404: notFound,
    409: conflict,
    429: tooMany,
  },
});

const deliveries = createRoute({
  method: "get",
  path: WEBHOOK_PATHS.deliveries,
  ...describe("user", `A webhook's delivery log: its last ${WEBHOOK_LIMITS.logKept} attempts, newest first`),
  middleware: [operatorOnly] as const,
  request: { query: webhookDeliveriesQuerySchema },
  responses: { 200: jsonResponse(webhookDeliveriesSchema, "The attempts"), 400: invalid, ...guarded, 404: notFound },
});

export const webhookRoutes = createRouter()
  .openapi(list, async (c) => {
    const { db, webhooks } = c.get("deps");
    return c.json({ data: await listWebhooks(db, webhooks.secretKey, c.get("session")!.sub) }, 200);
  })
  .openapi(add, async (c) => {
    const { db, webhooks } = c.get("deps");
    const input = c.req.valid("json");
    await spendWrite(c);
    if (input.kind !== WEBHOOK_KIND.telegram) await checkReachable(c, input.target);
    const { webhook, secret } = await addWebhook(db, webhooks.secretKey, c.get("session")!.sub, input);
    return c.json({ message: WEBHOOK_MESSAGES.webhookAdded, data: webhook, secret }, 201);
  })
  .openapi(remove, async (c) => {
    const { db } = c.get("deps");
    const hook = await ownWebhook(db, c.get("session")!.sub, c.req.valid("json")._id);
    await deleteWebhook(db, hook.id);
    return c.json({ message: WEBHOOK_MESSAGES.webhookDeleted }, 200);
  })
  .openapi(edit, async (c) => {
    const { db, webhooks } = c.get("deps");
    const { _id, name, enabled, url, chatId, botToken, rotateSecret } = c.req.valid("json");
    const hook = await ownWebhook(db, c.get("session")!.sub, _id);
    await spendWrite(c);
    const telegram = hook.kind === WEBHOOK_KIND.telegram;
    const misplaced: Record<string, string> = {};
    if (telegram && url !== undefined) misplaced.url = WEBHOOK_MESSAGES.webhookFieldNotOfKind;
    if (!telegram && chatId !== undefined) misplaced.chatId = WEBHOOK_MESSAGES.webhookFieldNotOfKind;
    if (!telegram && botToken !== undefined) misplaced.botToken = WEBHOOK_MESSAGES.webhookFieldNotOfKind;
    if (rotateSecret && hook.kind !== WEBHOOK_KIND.json)
      misplaced.rotateSecret = WEBHOOK_MESSAGES.webhookSecretOnlySigned;
    if (Object.keys(misplaced).length > 0) throw validationError(misplaced);
    if (url !== undefined) await checkReachable(c, url);
    const { webhook, secret } = await editWebhook(db, webhooks.secretKey, hook, {
      name,
      enabled,
      target: telegram ? chatId : url,
      token: telegram ? botToken : undefined,
      rotateSecret,
    });
    return c.json({ message: WEBHOOK_MESSAGES.webhookSaved, data: webhook, secret }, 200);
  })
  .openapi(test, async (c) => {
    const { db, webhooks } = c.get("deps");
    const operatorId = c.get("session")!.sub;
    const hook = await ownWebhook(db, operatorId, c.req.valid("json")._id);
    if (!hook.enabled) throw new AppError("conflict", WEBHOOK_MESSAGES.webhookTurnedOff);
    await enforceLimits(
      c,
      [[LIMITS_BY_ROUTE.webhookTestAccount, accountOf(c.get("session")!)]],
      WEBHOOK_MESSAGES.webhookTestsTooMany,
    );
    await recordWebhookMessage(db, operatorId, testMessage(`test:${randomUUID()}`, new Date()), hook.id);
    webhooks.queue.wake();
    return c.json({ message: WEBHOOK_MESSAGES.webhookTestQueued }, 200);
  })
  .openapi(deliveries, async (c) => {
    const { db } = c.get("deps");
    const hook = await ownWebhook(db, c.get("session")!.sub, c.req.valid("query").webhookId);
    return c.json({ data: await webhookAttempts(db, hook.id) }, 200);
  });
