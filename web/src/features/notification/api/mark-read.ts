import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { notificationKeys } from "./keys";

export const markNotificationsRead = (body: { ids: string[] } | { all: true }) =>
  ok(api.user.notifications.read.$post({ json: body }));

/** Marks notifications read, then reads the list again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
