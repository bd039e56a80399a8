import { type AuditActor, recordAudit } from "../audit/index.ts";
import { AppError } from "../shared/errors.ts";
import { type Db, transact } from "../db/database.ts";
import { deleteStakeRequest, insertStakeRequest, lockStakeRequest, updateStakeRequestStatus } from "./repository.ts";
import {
  decideStakeRequestStatus,
  STAKE_REQUEST_RULE_MESSAGES,
  STAKE_REQUESTABLE_NODE_STATUSES,
  type ReviewedStakeRequestStatus,
} from "./rules.ts";
import { STAKE_REQUEST_MESSAGES } from "./schema.ts";

/** The unique index that keeps one open request per (operator, node) (migration 0009_requests). */
const OPEN_REQUEST_INDEX = "stake_request_open_key";

/** A second open request for the node (two racing, or a Rejected one reopened) as a clear 409. */
function openRequestAsConflict(error: unknown): never {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === "23505" && constraint === OPEN_REQUEST_INDEX)
    throw new AppError("conflict", STAKE_REQUEST_RULE_MESSAGES.requestAlreadyOpen);
  throw error;
}

/**
 * Opens a Pending request for the operator's node: 404 when the node is not theirs, 409 unless it is
 * Approved or Active, or while it has an open request (the database refuses a second one).
 */
export async function createStakeRequest(db: Db, operatorId: string, nodeId: string): Promise<string> {
  const node = await db
    .selectFrom("app.node")
    .select("status")
    .where("id", "=", nodeId)
    .where("operator_id", "=", operatorId)
    .executeTakeFirst();
  if (!node) throw new AppError("notFound", STAKE_REQUEST_MESSAGES.requestNodeNotFound);
  if (!STAKE_REQUESTABLE_NODE_STATUSES.includes(node.status))
    throw new AppError("conflict", STAKE_REQUEST_RULE_MESSAGES.requestNodeNotApproved);
  const { id } = await insertStakeRequest(db, operatorId, nodeId).catch(openRequestAsConflict);
  return id;
}

/**
 * An admin's status change, decided by rules.ts on the locked request and the indexed farm whitelist; 404 or 409 with
 * the reason.
 */
export async function changeStakeRequestStatus(
  db: Db,
  id: string,
  to: ReviewedStakeRequestStatus,
  by: AuditActor,
  unchanged?: { status: string; refusal: string },
): Promise<void> {
  await transact(db, async (tx) => {
    const request = await lockStakeRequest(tx, id);
    if (!request) throw new AppError("notFound", STAKE_REQUEST_MESSAGES.requestNotFound);
    if (unchanged && request.status !== unchanged.status) throw new AppError("conflict", unchanged.refusal);
    const decision = decideStakeRequestStatus(request.status, to, { farmWhitelisted: request.farm_whitelisted });
    if (!decision.allowed) throw new AppError("conflict", decision.reason);
    await updateStakeRequestStatus(tx, id, to);
    await recordAudit(tx, {
      by,
      action: "stakeRequest.status",
      recordType: "stakeRequest",
      recordId: id,
      before: { status: request.status },
      after: { status: to },
    });
  }).catch(openRequestAsConflict);
}

/** An admin's deletion of a request, recorded in the audit trail; 404 when there is none. */
export async function removeStakeRequest(db: Db, id: string, by: AuditActor): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const deleted = await deleteStakeRequest(tx, id);
    if (!deleted) throw new AppError("notFound", STAKE_REQUEST_MESSAGES.requestNotFound);
    await recordAudit(tx, {
      by,
      action: "stakeRequest.delete",
      recordType: "stakeRequest",
      recordId: id,
      before: { status: deleted.status, nodeId: deleted.node_id },
      after: null,
    });
  });
}
