import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { webhookEditSchema } from "@pli/api/public-contract";
import type { z } from "zod";
import { api, ok } from "@/shared/api/http";

/** Query keys of the signed-in operator's webhooks: invalidating `all` refreshes the list and every delivery log. */
export const webhookKeys = {
  all: ["webhooks"] as const,
  list: ["webhooks", "list"] as const,
  deliveries: (webhookId: string) => ["webhooks", "deliveries", webhookId] as const,
};

/** An edit as the form gives it: blank fields keep what is there. */
export type WebhookEditInput = z.input<typeof webhookEditSchema>;

export interface WebhookForm {
  kind: "discord" | "slack" | "telegram" | "json";
  name?: string;
  url?: string;
  botToken?: string;
  chatId?: string;
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhookKeys.list, queryFn: () => ok(api.webhook.$get()) });

/** The signed-in operator's webhooks, each with its last delivery attempt. */
export const useWebhooks = () => useQuery(webhooksQueryOptions());

/** A webhook's delivery log (its last attempts), read when its log is opened. */
export const useWebhookDeliveries = (webhookId: string, enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: () => ok(api.webhook.deliveries.$get({ query: { webhookId } })),
    enabled,
  });

function useWebhookMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useAddWebhook = () => useWebhookMutation((input: WebhookForm) => ok(api.webhook.$post({ json: input })));
export const useEditWebhook = () =>
  useWebhookMutation((input: WebhookEditInput) => ok(api.webhook.edit.$post({ json: input })));
/** Turns a webhook on again (its failures reset) or off. */
export const useSwitchWebhook = () =>
  useWebhookMutation((input: { _id: string; enabled: boolean }) => ok(api.webhook.edit.$post({ json: input })));
export const useDeleteWebhook = () =>
  useWebhookMutation((_id: string) => ok(api.webhook.delete.$post({ json: { _id } })));
/** How long after a test the list and log are read again: the API delivers right after it answers. */
const TEST_SETTLES_MS = 2000;

/** Sends the sample; the list and log are read again at once and once more when its delivery was tried. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_id: string) => ok(api.webhook.test.$post({ json: { _id } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }), TEST_SETTLES_MS);
    },
  });
}
