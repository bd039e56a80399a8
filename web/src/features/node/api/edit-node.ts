import type { z } from "zod";
import type { nodeResubmitSchema, nodeReviewSchema } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { nodeKeys } from "./keys";

export type NodeResubmitBody = z.input<typeof nodeResubmitSchema>;
export type NodeReviewBody = z.input<typeof nodeReviewSchema>;

/** POST /api/nodesetting/edit: the owner resubmits a Return node, or an admin sets its status. */
export const editNode = (input: NodeResubmitBody | NodeReviewBody) => ok(api.nodesetting.edit.$post({ json: input }));

function useEditNode<T extends NodeResubmitBody | NodeReviewBody>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => editNode(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}

/** The owner saves a Return node's fields; it goes back to Pending. */
export const useResubmitNode = () => useEditNode<NodeResubmitBody>();

/** An admin sets Pending, Verified, Approved (once whitelisted on chain) or Return with notes. */
export const useReviewNode = () => useEditNode<NodeReviewBody>();
