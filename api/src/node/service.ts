import { recordNodeStatusAlert } from "../alert/index.ts";
import type { AuditAction } from "../audit/schema.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { LIMITS, NODE_STATUS, USER_TYPE } from "../public-contract/domain.ts";
import { type Db, transact } from "../db/database.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { recordHistory } from "./history.ts";
import {
  countNodesTowardLimit,
  deleteNodeRow,
  stakeAwaitsAccrual,
  insertNode,
  isOwnUpload,
  lockNode,
  takenFields,
  updateNodeFields,
  updateNodeStatus,
} from "./repository.ts";
import {
  decideTransition,
  addressMayChange,
  NODE_DELETED,
  notesFor,
  TRANSITION_MESSAGES,
  type Actor,
  type HistoryTarget,
  type NodeAction,
} from "./rules.ts";
import { NODE_MESSAGES, type NodeCreateInput, type NodeResubmitInput } from "./schema.ts";

/** The person (or the API itself) changing a node. */
export interface NodeActor {
  type: Actor;
  id: string | null;
}

/** Postgres' unique-violation constraint names of app.node, by field. */
const UNIQUE_FIELDS: Record<string, { field: string; message: string }> = {
  node_ipaddress_key: { field: "ipaddress", message: NODE_MESSAGES.ipAddressTaken },
  node_node_address_key: { field: "nodeAddress", message: NODE_MESSAGES.nodeAddressTaken },
};

/** A unique violation on the IP or node address (two requests racing past the check) as a field error. */
function duplicateAsFieldError(error: unknown): never {
  const unique =
    (error as { code?: string; constraint?: string }).code === "23505"
      ? UNIQUE_FIELDS[(error as { constraint: string }).constraint]
      : undefined;
  if (unique) throw validationError({ [unique.field]: unique.message });
  throw error;
}

/** Refuses an IP or node address another node holds, and a logo that is not the uploader's own image. */
async function checkFields(
  db: Db,
  input: { ipaddress: string; nodeAddress: string; logo?: string | undefined },
  { uploader, exceptId, keptLogo }: { uploader: string; exceptId?: string; keptLogo?: string | null },
) {
  const errors: Record<string, string> = {};
  const taken = await takenFields(db, { ipaddress: input.ipaddress, nodeAddress: input.nodeAddress, exceptId });
  if (taken.ipaddress) errors.ipaddress = NODE_MESSAGES.ipAddressTaken;
  if (taken.nodeAddress) errors.nodeAddress = NODE_MESSAGES.nodeAddressTaken;
  if (input.logo && input.logo !== keptLogo && !(await isOwnUpload(db, input.logo, uploader)))
    errors.logo = NODE_MESSAGES.logoNotYours;
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * Registers a Pending node for the operator, on the wallet of their account. The node limit is checked and the node
 * inserted while the
 * operator's row is locked, so concurrent adds by one operator are serialised and never exceed it.
 */
export async function addNode(db: Db, operatorId: string, input: NodeCreateInput): Promise<string> {
  await checkFields(db, input, { uploader: `${USER_TYPE.user}:${operatorId}` });
  return db
    .transaction()
    .execute(async (tx) => {
      const operator = await tx
        .selectFrom("app.operator")
        .select("wallet_address")
        .where("id", "=", operatorId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if ((await countNodesTowardLimit(tx, operatorId)) >= LIMITS.maxNodesPerOperator)
        throw new AppError("conflict", NODE_MESSAGES.nodeLimitReached);
      const { id } = await insertNode(tx, { operatorId, wallet: operator.wallet_address }, input);
      await recordHistory(tx, {
        nodeId: id,
        actor: { type: USER_TYPE.user, id: operatorId },
        from: null,
        to: NODE_STATUS.pending,
      });
      return id;
    })
    .catch(duplicateAsFieldError);
}

export interface TransitionRequest {
  nodeId: string;
  /** Set for an operator: the node must be theirs (404 otherwise). */
  ownerId?: string;
  actor: NodeActor;
  action: NodeAction;
  notes?: string;
  /** The edited fields of a resubmitted Return node. */
  fields?: Omit<NodeResubmitInput, "_id" | "status">;
  /** Set for an admin's action: it is recorded in the audit trail, in the transition's transaction. */
  audit?: AuditActor;
  /** Applies only while the node still has `status` (a change asked for earlier): 409 with `refusal` otherwise. */
  unchanged?: { status: string; refusal: string };
}

const AUDITED: Partial<Record<NodeAction["kind"], AuditAction>> = {
  review: "node.review",
  toggle: "node.toggle",
  delete: "node.delete",
};

/**
 * Applies one transition, decided by rules.ts on the locked node and what the chain shows, and records
 * it in the history. 404 for a node that is absent or not the operator's; 409 with the rule's reason
 * when it is refused (403 when the actor may never do it).
 */
export async function applyTransition(db: Db, request: TransitionRequest): Promise<HistoryTarget> {
  const { nodeId, ownerId, actor, action } = request;
  return transact(db, async (tx) => {
    const node = await lockNode(tx, nodeId, ownerId);
    if (!node) throw new AppError("notFound", NODE_MESSAGES.nodeNotFound);
    if (request.unchanged && node.status !== request.unchanged.status)
      throw new AppError("conflict", request.unchanged.refusal);
    const decision = decideTransition(action, actor.type, node.status, {
      stakeStatus: node.stake_status,
      whitelisted: node.whitelisted,
      deActivatedBy: node.deactivated_by,
    });
    if (!decision.allowed)
      throw new AppError(
        decision.reason === TRANSITION_MESSAGES.notAllowed ? "forbidden" : "conflict",
        decision.reason,
      );
    const history = { nodeId, actor, from: node.status, to: decision.to };
    const auditAction = AUDITED[action.kind];
    const audit = (
      after: { status: string; adminNotes?: string | null } | null,
      before: Record<string, unknown> = { status: node.status, adminNotes: node.admin_notes },
    ) =>
      request.audit && auditAction
        ? recordAudit(tx, {
            by: request.audit,
            action: auditAction,
            recordType: "node",
            recordId: nodeId,
            before,
            after,
            txHash: after?.status === NODE_STATUS.approved ? node.whitelist_tx_hash : null,
          })
        : undefined;
    if (decision.to === NODE_DELETED) {
      if (await stakeAwaitsAccrual(tx, node.wallet_address, node.node_address))
        throw new AppError("conflict", TRANSITION_MESSAGES.deleteBeforeAccrual);
      const jobs = await tx.selectFrom("app.job").select("id").where("node_id", "=", nodeId).orderBy("id").execute();
      await deleteNodeRow(tx, nodeId);
      await audit(null, {
        status: node.status,
        adminNotes: node.admin_notes,
        name: node.name,
        ipaddress: node.ipaddress,
        walletAddress: node.wallet_address,
        nodeAddress: node.node_address,
        oracleAddress: node.oracle_address,
        operatorId: node.operator_id,
        jobIds: jobs.map((job) => job.id),
      });
      const historyId = await recordHistory(tx, history);
      if (actor.type === USER_TYPE.admin)
        await recordNodeStatusAlert(tx, { historyId, node, to: decision.to, notes: "" });
      return decision.to;
    }
    if (action.kind === "resubmit" && request.fields) {
      if (!addressMayChange(node.node_address, request.fields.nodeAddress, node.stake_status))
        throw new AppError("conflict", TRANSITION_MESSAGES.addressWhileStaked, {
          nodeAddress: TRANSITION_MESSAGES.addressWhileStaked,
        });
      await checkFields(tx, request.fields, {
        uploader: `${USER_TYPE.user}:${node.operator_id}`,
        exceptId: nodeId,
        keptLogo: node.logo,
      });
      await updateNodeFields(tx, nodeId, request.fields, decision.to);
      await recordHistory(tx, history);
      return decision.to;
    }
    const notes = action.kind === "review" ? notesFor(decision.to, request.notes ?? "") : undefined;
    await updateNodeStatus(tx, nodeId, decision.to, actor.type, notes);
    await audit({ status: decision.to, adminNotes: notes ?? node.admin_notes });
    const historyId = await recordHistory(tx, { ...history, notes });
    if (actor.type === USER_TYPE.admin)
      await recordNodeStatusAlert(tx, { historyId, node, to: decision.to, notes: notes ?? node.admin_notes });
    return decision.to;
  }).catch(duplicateAsFieldError);
}
