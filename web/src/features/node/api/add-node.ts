import type { z } from "zod";
import type { nodeCreateSchema } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { nodeKeys } from "./keys";

export type NodeCreateBody = z.input<typeof nodeCreateSchema>;

export const addNode = (input: NodeCreateBody) => ok(api.nodesetting.$post({ json: input }));

/** Registers a node (Pending) on the operator's wallet; every node list refreshes. */
export function useAddNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}
