import type { SettingResponse } from "@pli/api/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok, uploads } from "@/shared/api/http";
import { settingsQueryOptions } from "@/shared/settings/settings";

export type SettingForm = Omit<SettingResponse, "_id">;

export function useSettingMutations() {
  const queryClient = useQueryClient();
  return {
    save: useMutation({
      mutationFn: (input: SettingForm & { _id?: string }) => ok(api.setting.$post({ json: input })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
    }),
    upload: useMutation({
      mutationFn: (file: File) => ok(uploads.$post({ form: { file, filename: file.name } })),
    }),
    updatePassword: useMutation({ mutationFn: (input: { password: string; password2: string }) => ok(api.admin.update.$post({ json: input })) }),
  };
}
