import type { JobCreateInput } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { jobKeys } from "./keys";

export const addJob = (input: JobCreateInput) => ok(api.job.$post({ json: input }));

/** Submits a job for one of the operator's Active nodes (Pending); every job list refreshes. */
export function useAddJob() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addJob, onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }) });
}
