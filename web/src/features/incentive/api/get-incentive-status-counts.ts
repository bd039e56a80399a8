import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { incentiveKeys } from "./keys";

/** The chips' counts beside 'Search by status': Paid, UnPaid and due, the operator's own or everybody's. */
export const useIncentiveStatusCounts = () =>
  useQuery(
    queryOptions({
      meta: liveMeta("reward"),
      queryKey: incentiveKeys.statusCounts(),
      queryFn: () => ok(api.incentive["status-counts"].$get()),
    }),
  );
