/**
 * Safe mode (SAFE_ADDRESS): admin chain actions proposed to the Safe, owners' confirmations, and the record of an
 * execution. The API builds every Safe transaction and checks every signature; it never holds a key nor sends one.
 */
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { auditActor, recordAuditOnce } from "../audit/index.ts";
import { adminOnly } from "../auth/index.ts";
import { matchPayments } from "../incentive/index.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import {
  confirmSchema,
  executedSchema,
  proposalQuerySchema,
  proposalSchema,
  proposeSchema,
  SAFE_MESSAGES,
  SAFE_PATHS,
  safeInfoSchema,
} from "./schema.ts";
import { confirm, findExecution, listProposals, propose, safeInfo, type SafeDeps } from "./service.ts";

const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound } as const;
const withProposal = z.object({ message: z.string(), data: proposalSchema });

const info = createRoute({
  method: "get",
  path: SAFE_PATHS.root,
  ...describe("admin", "Whether admin chain actions go through a Safe; its owners, threshold, nonce and PLI balance"),
  middleware: [adminOnly] as const,
  responses: { 200: jsonResponse(safeInfoSchema, "The Safe, or enabled: false"), 401: unauthorized, 403: forbidden },
});

const list = createRoute({
  method: "get",
  path: SAFE_PATHS.proposals,
  ...describe(
    "admin",
    "The Safe's queue: each proposal with its state derived from the indexed chain (awaiting my confirmation, awaiting others, ready to execute, blocked behind a lower nonce, executed, failed, replaced)",
  ),
  middleware: [adminOnly] as const,
  request: { query: proposalQuerySchema },
  responses: { 200: jsonResponse(z.array(proposalSchema), "Newest nonce first"), ...guarded },
});

const proposeRoute = createRoute({
  method: "post",
  path: SAFE_PATHS.proposals,
  ...describe(
    "admin",
    "Proposes an admin chain action to the Safe: the API builds the Safe transaction (a Pay Now batch and a reward deposit as one MultiSendCallOnly transaction) at the next free nonce, or at `nonce` to replace a queued one",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(proposeSchema),
  responses: { 200: jsonResponse(withProposal, "The proposal"), ...guarded, 409: conflict },
});

const confirmRoute = createRoute({
  method: "post",
  path: SAFE_PATHS.confirm,
  ...describe(
    "admin",
    "An owner's confirmation of a proposal: accepted only when the signature recovers to a current owner of the Safe over the proposal's own SafeTx and the Safe has not used its nonce; otherwise a field error on signature",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(confirmSchema),
  responses: { 200: jsonResponse(withProposal, "The proposal with its confirmations"), ...guarded },
});

const executedRoute = createRoute({
  method: "post",
  path: SAFE_PATHS.executed,
  ...describe(
    "admin",
    "Hint that txHash executed the proposal: recorded in the audit trail (executor and transaction) once the indexer has the execution; 404 before",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(executedSchema),
  responses: { 200: jsonResponse(withProposal, "The executed proposal"), ...guarded },
});

const safeDeps = (deps: SafeDeps): SafeDeps => ({ db: deps.db, chain: deps.chain, config: deps.config });

export const safeRoutes = createRouter()
  .openapi(info, async (c) => c.json(await safeInfo(safeDeps(c.get("deps"))), 200))
  .openapi(list, async (c) => c.json(await listProposals(safeDeps(c.get("deps")), c.req.valid("query").owner), 200))
  .openapi(proposeRoute, async (c) => {
    const deps = safeDeps(c.get("deps"));
    const { action, nonce, record } = c.req.valid("json");
    const proposed = await propose(deps, action, nonce, { ...auditActor(c), id: c.get("session")!.sub }, record);
    const [data] = await listProposals(deps, undefined, proposed.id);
    return c.json({ message: SAFE_MESSAGES.safeProposed, data: data! }, 200);
  })
  .openapi(confirmRoute, async (c) => {
    const deps = safeDeps(c.get("deps"));
    const input = c.req.valid("json");
    const { owner } = await confirm(
      deps,
      { ...input, signature: input.signature as `0x${string}` },
      { ...auditActor(c), id: c.get("session")!.sub },
    );
    const [data] = await listProposals(deps, owner, input.proposalId);
    return c.json({ message: SAFE_MESSAGES.safeConfirmed, data: data! }, 200);
  })
  .openapi(executedRoute, async (c) => {
    const deps = safeDeps(c.get("deps"));
    const { proposalId, txHash } = c.req.valid("json");
    const { row, execution } = await findExecution(deps, proposalId, txHash);
    if (row.kind === "payout") await matchPayments(deps.db);
    const by = auditActor(c);
    await recordAuditOnce(deps.db, {
      by,
      action: "safe.execute",
      recordType: "safeProposal",
      recordId: row.id,
      after: { id: row.id, sequence: row.nonce, executor: execution.executor, status: execution.status },
      txHash: execution.tx_hash,
    });
    const [data] = await listProposals(deps, undefined, proposalId);
    return c.json({ message: SAFE_MESSAGES.safeExecutionRecorded, data: data! }, 200);
  });
