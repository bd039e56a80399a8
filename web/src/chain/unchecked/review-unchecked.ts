import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UncheckedReviewBody } from "@pli/api/public-contract";
import { api, ok } from "@/shared/api/http";
import { uncheckedKeys } from "./get-unchecked";

export const reviewUnchecked = (body: UncheckedReviewBody) => ok(api.unchecked.review.$post({ json: body }));

/** An admin marks one item reviewed; the list and its counts refresh (the dashboard reads its queue afresh on open). */
export function useReviewUnchecked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewUnchecked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uncheckedKeys.all }),
  });
}
