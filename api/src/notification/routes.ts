/**
 * The operator's notifications under the bell: every event they were mailed about (copied from the mail outbox by a
 * trigger), with the mail's own subject and text, read or unread; marking them read.
 */
import { createRoute } from "@hono/zod-openapi";
import { operatorOnly } from "../auth/index.ts";
import { MAIL_TEMPLATES } from "../mail-templates.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { messageSchema } from "../shared/schema.ts";
import { listNotifications, markRead } from "./repository.ts";
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS,
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadSchema,
} from "./schema.ts";

const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

const listRoute = createRoute({
  method: "get",
  path: NOTIFICATION_PATHS.root,
  ...describe(
    "user",
    "The operator's notifications, newest first (20, then `before` the last one for older ones): each event they were mailed about, with the mail's subject and text, and how many are unread",
  ),
  middleware: [operatorOnly] as const,
  request: { query: notificationListQuerySchema },
  responses: { 200: jsonResponse(notificationListSchema, "A page of notifications"), ...guarded },
});

const readRoute = createRoute({
  method: "post",
  path: NOTIFICATION_PATHS.read,
  ...describe(
    "user",
    "Marks the operator's notifications read: `ids` (all of them theirs, else 404 and nothing changes) or `all: true`",
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(notificationReadSchema),
  responses: { 200: jsonResponse(messageSchema, "Marked"), ...guarded, 404: notFound },
});

type Kind = keyof typeof MAIL_TEMPLATES;

/** A notification's words: its mail's subject and text, composed as the sender would compose them now. */
async function wordsOf(kind: string, details: unknown, context: { db: Db; publicUrl: string; explorerTxUrl: string }) {
  const template = MAIL_TEMPLATES[kind as Kind];
  const parsed = template?.details.safeParse(details);
  if (!template || !parsed?.success) return { title: kind, text: "" };
  const mail = await template.compose(parsed.data as never, context);
  return "subject" in mail ? { title: mail.subject, text: mail.text } : { title: kind, text: mail.nothingToSend };
}

export const notificationRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { db, config } = c.get("deps");
    const { before } = c.req.valid("query");
    const { rows, more, unread } = await listNotifications(db, c.get("session")!.sub, before);
    const context = { db, publicUrl: config.PUBLIC_URL, explorerTxUrl: config.EXPLORER_TX_URL };
    const notifications = await Promise.all(
      rows.map(async (row) => ({
        _id: row.id,
        kind: row.kind,
        ...(await wordsOf(row.kind, row.details, context)),
        createdAt: row.created_at.toISOString(),
        readAt: row.read_at?.toISOString() ?? null,
      })),
    );
    return c.json({ unread, notifications, more }, 200);
  })
  .openapi(readRoute, async (c) => {
    const { db } = c.get("deps");
    const { ids } = c.req.valid("json");
    const found = await markRead(db, c.get("session")!.sub, ids ?? "all");
    if (ids && found !== new Set(ids).size) throw new AppError("notFound", NOTIFICATION_MESSAGES.notificationNotFound);
    return c.json({ message: NOTIFICATION_MESSAGES.notificationsRead }, 200);
  });
