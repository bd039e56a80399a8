import type { AlertPreferencesInput } from "@pli/api/public-contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";

const alertKeys = { preferences: ["alert-preferences"] as const };

export const getAlertPreferences = () => ok(api.alert.preferences.$get());

export const alertPreferencesQueryOptions = () =>
  queryOptions({ queryKey: alertKeys.preferences, queryFn: getAlertPreferences });

/** The signed-in operator's alert mails, each kind on or off. */
export const useAlertPreferences = () => useQuery(alertPreferencesQueryOptions());

export const saveAlertPreferences = (input: AlertPreferencesInput) => ok(api.alert.preferences.$put({ json: input }));

/** Saves every kind's choice: the switches show it at once, go back if the save fails, and follow the answer. */
export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: alertKeys.preferences });
      const previous = queryClient.getQueryData<AlertPreferencesInput>(alertKeys.preferences);
      queryClient.setQueryData(alertKeys.preferences, next);
      return { previous };
    },
    onError: (_error, _next, context) => queryClient.setQueryData(alertKeys.preferences, context?.previous),
    onSuccess: (result) => queryClient.setQueryData(alertKeys.preferences, result.data),
  });
}
