import { z } from "zod";
import { idSchema } from "../shared/schema.ts";
import { featureContract } from "../public-contract/feature.ts";

export const NOTIFICATION_PATHS = {
  root: "/api/user/notifications",
  read: "/api/user/notifications/read",
} as const;

export const NOTIFICATION_MESSAGES = {
  notificationsRead: "Marked as read",
  notificationNotFound: "No such notification of yours",
  notificationReadWhich: "Give the notifications to mark read, or all",
} as const;

export const NOTIFICATION_LIMITS = { page: 20, markAtOnce: 100 } as const;

/** GET: the newest notifications, `before` one of them for the next ones. */
export const notificationListQuerySchema = z.object({ before: idSchema.optional() });

/** POST read: the given notifications, or every one of the operator's. */
export const notificationReadSchema = z
  .object({
    ids: z.array(idSchema).min(1).max(NOTIFICATION_LIMITS.markAtOnce).optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    message: NOTIFICATION_MESSAGES.notificationReadWhich,
    path: ["ids"],
  });

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  /** The mail's subject and text, as the operator was (or would have been) mailed. */
  title: z.string(),
  text: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});

export const notificationListSchema = z.object({
  unread: z.number().int(),
  notifications: z.array(notificationSchema),
  /** Whether older notifications follow the last one. */
  more: z.boolean(),
});

export type NotificationResponse = z.infer<typeof notificationSchema>;
export type NotificationList = z.infer<typeof notificationListSchema>;

export const NOTIFICATION_CONTRACT = featureContract({ notification: NOTIFICATION_PATHS }, NOTIFICATION_MESSAGES);
