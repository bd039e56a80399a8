import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";

export const getJobEvidence = (jobId: string) => ok(api.review["job-evidence"].$get({ query: { jobId } }));

export type JobEvidence = Awaited<ReturnType<typeof getJobEvidence>>;

/** What an admin's review of a job rests on (admin only): its node, the operator's other jobs, its history. */
export const useJobEvidence = (jobId: string) =>
  useQuery(
    queryOptions({
      meta: liveMeta("job", "node", "stake"),
      queryKey: ["review-evidence", "job", jobId] as const,
      queryFn: () => getJobEvidence(jobId),
      staleTime: 0,
    }),
  );
