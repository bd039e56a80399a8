import type { z } from "zod";
import type { stakeRequestStatusUpdateSchema } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { stakeRequestKeys } from "./keys";

export type StakeRequestStatusBody = z.input<typeof stakeRequestStatusUpdateSchema>;

/** POST /api/request/updatestatus: Verified, Rejected, or Approved once the farm whitelist is indexed. */
export const updateStakeRequestStatus = (body: StakeRequestStatusBody) =>
  ok(api.request.updatestatus.$post({ json: body }));

export function useUpdateStakeRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStakeRequestStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stakeRequestKeys.all }),
  });
}
