import type { JobCategoryInput } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { jobKeys } from "./keys";

export const addJobCategory = (input: JobCategoryInput) => ok(api.jobcategory.$post({ json: input }));
export const renameJobCategory = (input: JobCategoryInput & { _id: string }) =>
  ok(api.jobcategory.edit.$post({ json: input }));
export const removeJobCategory = (id: string) => ok(api.jobcategory.delete.$post({ json: { id } }));

/** Adds, renames or removes a job category (admins); the category lists refresh. */
export function useJobCategoryChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: jobKeys.categories });
  return {
    add: useMutation({ mutationFn: addJobCategory, onSuccess }),
    rename: useMutation({ mutationFn: renameJobCategory, onSuccess }),
    remove: useMutation({ mutationFn: removeJobCategory, onSuccess }),
  };
}
