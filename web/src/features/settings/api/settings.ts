import { API, type SettingResponse } from "@pli/api/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "@/shared/api/http";
import { settingsQueryOptions } from "@/shared/settings/settings";

export type SettingForm = Omit<SettingResponse, "_id">;

export function useSettingMutations() {
  const queryClient = useQueryClient();
  return {
    save: useMutation({
      mutationFn: (input: SettingForm & { _id?: string }) => http<{ message: string; data: SettingResponse }>("POST", API.setting, input),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
    }),
    upload: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append("file", file);
        form.append("filename", file.name);
        return http<{ file: string; message: string }>("POST", API.upload, form);
      },
    }),
    updatePassword: useMutation({ mutationFn: (input: { password: string; password2: string }) => http<{ message: string }>("POST", API.admin.update, input) }),
  };
}
