import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SafeAction, SafeProposalResponse, SafeRecord } from "@pli/api/public-contract";
import { api, ok } from "@/shared/api/http";

/** Query keys of Safe mode: the Safe itself and its queue (per connected wallet). */
export const safeKeys = {
  all: ["safe"] as const,
  info: () => [...safeKeys.all, "info"] as const,
  proposals: (owner: string | undefined) => [...safeKeys.all, "proposals", owner ?? ""] as const,
};

/** GET /api/safe: whether admin chain actions go through a Safe, and the Safe's owners, threshold, nonce, balance. */
export const getSafeInfo = () => ok(api.safe.$get());
export type SafeInfo = Awaited<ReturnType<typeof getSafeInfo>>;

/** The Safe as the API reads it; its nonce and PLI balance move, so it is read again after a short while. */
export const safeInfoQueryOptions = () =>
  queryOptions({ queryKey: safeKeys.info(), queryFn: getSafeInfo, staleTime: 10_000 });

/** The Safe, for admin screens; undefined while it loads. */
export const useSafeInfo = () => useQuery(safeInfoQueryOptions()).data;

/** GET /api/safe/proposals: the queue, each proposal's state as `owner` (the connected wallet) sees it. */
export const getSafeProposals = (owner: string | undefined) =>
  ok(api.safe.proposals.$get({ query: owner ? { owner } : {} }));

/**
 * POST /api/safe/proposals: the API builds the Safe transaction of `action` at the next free nonce; with `record`, the
 * record status change it stands for, saved by the API when the transaction executes.
 */
export const proposeToSafe = (action: SafeAction, record?: SafeRecord) =>
  ok(api.safe.proposals.$post({ json: record ? { action, record } : { action } }));

/** POST /api/safe/proposals/confirm: an owner's signature of the proposal's SafeTx. */
export const confirmSafeProposal = (json: { proposalId: string; method: "typedData" | "ethSign"; signature: string }) =>
  ok(api.safe.proposals.confirm.$post({ json }));

/** POST /api/safe/proposals/executed: the execution's transaction; 404 until the indexer has it. */
export const recordSafeExecution = (proposalId: string, txHash: string) =>
  ok(api.safe.proposals.executed.$post({ json: { proposalId, txHash } }));

export type SafeProposal = SafeProposalResponse;
