import type { ListParams } from "@/shared/lists/list-params";

/** Query keys of the incentive feature: invalidating `all` refreshes the lists, the cards and the discrepancies. */
export const incentiveKeys = {
  all: ["incentives"] as const,
  list: (params: ListParams) => [...incentiveKeys.all, "list", params] as const,
  summary: () => [...incentiveKeys.all, "summary"] as const,
  statusCounts: () => [...incentiveKeys.all, "status-counts"] as const,
  discrepancies: (page: number) => [...incentiveKeys.all, "discrepancies", page] as const,
  detail: (id: string) => [...incentiveKeys.all, "detail", id] as const,
};
