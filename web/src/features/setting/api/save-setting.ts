import type { settingUpdateSchema } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api, ok } from "@/shared/api/http";
import { brandKeys } from "@/shared/setting/brand";
import { settingsKeys } from "@/shared/setting/settings";

/** The settings as typed in the form (the server parses them with the same schema). */
export type SettingFormValues = z.input<typeof settingUpdateSchema>;

/** Saves the site settings (with the record's _id when one exists); every reader of the settings and brand refreshes. */
export const saveSetting = (input: SettingFormValues) => ok(api.setting.$post({ json: input }));

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSetting,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: brandKeys.all }),
      ]),
  });
}
