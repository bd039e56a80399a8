import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { notificationKeys } from "./keys";

export const getNotifications = () => ok(api.user.notifications.$get({ query: {} }));

/** Checked again every minute and on focus: a mail recorded while the operator is here shows under the bell too. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: getNotifications,
    refetchInterval: 60_000,
  });

/** The operator's newest notifications and how many are unread (GET /api/user/notifications). */
export const useNotifications = () => useQuery(notificationsQueryOptions());
