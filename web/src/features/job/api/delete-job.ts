import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { jobKeys } from "./keys";

export const deleteJob = (id: string) => ok(api.job.delete.$post({ json: { id } }));

/** Deletes a job (admins only); every job list refreshes. */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
