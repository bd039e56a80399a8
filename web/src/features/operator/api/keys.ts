import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the admin's operator list: invalidating `all` refreshes every page of it. */
export const operatorKeys = {
  all: ["operators"] as const,
  list: (params: ListParams) => [...operatorKeys.all, "list", params] as const,
};
