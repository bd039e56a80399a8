import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the stake feature: invalidating `all` refreshes the list and every position. */
export const stakeKeys = {
  all: ["stakes"] as const,
  list: (params: ListParams) => [...stakeKeys.all, "list", params] as const,
  detail: (id: string) => [...stakeKeys.all, "detail", id] as const,
};
