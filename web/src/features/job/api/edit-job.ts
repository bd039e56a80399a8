import type { JobEditInput } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { jobKeys } from "./keys";

export const editJob = (input: JobEditInput) => ok(api.job.edit.$post({ json: input }));

/**
 * Saves the fields sent: the operator's editable fields, an admin's full edit, or the admin's quick
 * update ({_id, status, adminNotes}); jobChange is the server's. Every job list refreshes.
 */
export function useEditJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
