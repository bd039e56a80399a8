import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the request feature: invalidating `all` refreshes the list, the counts and every request. */
export const stakeRequestKeys = {
  all: ["requests"] as const,
  list: (params: ListParams) => [...stakeRequestKeys.all, "list", params] as const,
  counts: () => [...stakeRequestKeys.all, "counts"] as const,
  detail: (id: string) => [...stakeRequestKeys.all, "detail", id] as const,
};
