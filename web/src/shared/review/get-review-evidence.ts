import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";

export const getReviewEvidence = (nodeId: string) => ok(api.review.evidence.$get({ query: { nodeId } }));

export type ReviewEvidence = Awaited<ReturnType<typeof getReviewEvidence>>;

export const reviewEvidenceKeys = {
  node: (nodeId: string) => ["review-evidence", nodeId] as const,
};

export const reviewEvidenceQueryOptions = (nodeId: string) =>
  queryOptions({
    meta: liveMeta("stake", "whitelist", "node", "request"),
    queryKey: reviewEvidenceKeys.node(nodeId),
    queryFn: () => getReviewEvidence(nodeId),
    staleTime: 0,
  });

/** What an admin's review of a node, or of a stake request on it, rests on (admin only). */
export const useReviewEvidence = (nodeId: string) => useQuery(reviewEvidenceQueryOptions(nodeId));
