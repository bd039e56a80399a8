import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the validator directory: invalidating `all` refreshes every page of it. */
export const validatorKeys = {
  all: ["validators"] as const,
  list: (params: ListParams) => [...validatorKeys.all, "list", params] as const,
};
