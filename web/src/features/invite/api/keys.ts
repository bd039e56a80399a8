import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the invite list: invalidating `all` refreshes every page of it. */
export const inviteKeys = {
  all: ["invites"] as const,
  list: (params: ListParams) => [...inviteKeys.all, "list", params] as const,
};
