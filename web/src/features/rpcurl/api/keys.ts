import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the RPC feature: invalidating `all` refreshes every RPC list. */
export const rpcKeys = {
  all: ["rpc-urls"] as const,
  list: (params: ListParams) => [...rpcKeys.all, "list", params] as const,
};
