import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the request feature: invalidating `all` refreshes the list, the counts and every request. */
export const requestKeys = {
  all: ["requests"] as const,
  list: (params: ListParams) => [...requestKeys.all, "list", params] as const,
  counts: () => [...requestKeys.all, "counts"] as const,
  detail: (id: string) => [...requestKeys.all, "detail", id] as const,
};
