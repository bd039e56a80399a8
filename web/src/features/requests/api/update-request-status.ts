import type { z } from "zod";
import type { requestStatusUpdateSchema } from "@pli/api/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { requestKeys } from "./keys";

export type RequestStatusBody = z.input<typeof requestStatusUpdateSchema>;

/** POST /api/request/updatestatus: Verified, Rejected, or Approved once the farm whitelist is indexed. */
export const updateRequestStatus = (body: RequestStatusBody) => ok(api.request.updatestatus.$post({ json: body }));

export function useUpdateRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRequestStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }) });
}
