/**
 * The record status change a Safe proposal stands for (a node Approved by its whitelist, a stake request Approved by
 * its farm whitelist, a stake set to Unlock): checked by the status routes' own rules when proposed, applied through
 * the status routes' own service functions once the indexer shows the proposal's Safe transaction executed.
 */
import { sql } from "kysely";
import { isAddressEqual, type Address } from "viem";
import type { AuditActor } from "../audit/index.ts";
import type { Db } from "../db/database.ts";
import { applyTransition, decideTransition, lockNode } from "../node/index.ts";
import { NODE_STATUS, STAKE_REQUEST_STATUS, USER_TYPE } from "../public-contract/domain.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { findPosition, mayUnlock, recordUnlock } from "../stake/index.ts";
import { changeStakeRequestStatus, decideStakeRequestStatus } from "../stake-request/index.ts";
import { SAFE_MESSAGES, type SafeAction, type SafeRecord } from "./schema.ts";

/** The client address of an audit record the portal wrote on a Safe execution (no request made it). */
export const SAFE_EXECUTION_CLIENT = "safe-execution";

/**
 * Earlier versions of the portal claimed an update ('applying') and then applied it in a transaction of its own; a
 * claim of theirs older than this was left by a run that stopped, and is taken again.
 */
const CLAIM_MINUTES = 10;
const staleClaim = () => new Date(Date.now() - CLAIM_MINUTES * 60_000);

/**
 * What a proposal stores of its record update: the record's key, the target status, the status the record has now
 * (the update applies only while it still has it) and words for the queue.
 */
export interface StoredRecord {
  type: SafeRecord["type"];
  id: string;
  status: string;
  from: string;
  label: string;
}

const same = (a: string, b: string) => isAddressEqual(a as Address, b as Address);
const mismatch = () => validationError({ "record.type": SAFE_MESSAGES.safeRecordMismatch });
const refused = (reason: string) => validationError({ "record.status": reason });

/**
 * Checks that `action` is the chain transaction of `record`'s status change and that the status routes' rules allow the
 * change once that transaction has executed (the whitelist it sends counted as done). A field error otherwise.
 */
export async function checkRecord(db: Db, action: SafeAction, record: SafeRecord): Promise<StoredRecord> {
  switch (record.type) {
    case "node": {
      const node = await lockNode(db, record.id);
      if (!node) throw validationError({ "record.id": SAFE_MESSAGES.safeRecordNotFound });
      if (
        action.kind !== "whitelist" ||
        action.contract !== "StakingRewards" ||
        !same(action.wallet, node.wallet_address) ||
        !same(action.node, node.node_address)
      )
        throw mismatch();
      const decision = decideTransition({ kind: "review", to: record.status }, USER_TYPE.admin, node.status, {
        stakeStatus: node.stake_status,
        whitelisted: true,
      });
      if (!decision.allowed) throw refused(decision.reason);
      if (node.status === record.status) throw refused(SAFE_MESSAGES.safeRecordAlreadySet);
      return { type: "node", id: record.id, status: record.status, from: node.status, label: `Node ${node.name}` };
    }
    case "stakeRequest": {
      const request = await db
        .selectFrom("app.stake_request as r")
        .innerJoin("app.node as n", "n.id", "r.node_id")
        .select(["r.status", "n.name", "n.wallet_address", "n.node_address"])
        .where("r.id", "=", record.id)
        .executeTakeFirst();
      if (!request) throw validationError({ "record.id": SAFE_MESSAGES.safeRecordNotFound });
      if (
        action.kind !== "whitelist" ||
        action.contract !== "PluginFarm" ||
        !same(action.wallet, request.wallet_address) ||
        !same(action.node, request.node_address)
      )
        throw mismatch();
      const decision = decideStakeRequestStatus(request.status, record.status, { farmWhitelisted: true });
      if (!decision.allowed) throw refused(decision.reason);
      if (request.status === record.status) throw refused(SAFE_MESSAGES.safeRecordAlreadySet);
      return {
        type: "stakeRequest",
        id: record.id,
        status: record.status,
        from: request.status,
        label: `Stake request of ${request.name}`,
      };
    }
    case "stake": {
      if (action.kind !== "unlock") throw mismatch();
      const wallet = action.wallet.toLowerCase();
      const node = action.node.toLowerCase();
      const position = await findPosition(db, wallet, node);
      if (!position) throw validationError({ "record.type": SAFE_MESSAGES.safeRecordNotFound });
      if (!mayUnlock(position.status)) throw refused(SAFE_MESSAGES.safeUnlockOnlyStaked);
      return {
        type: "stake",
        id: `${wallet}-${node}`,
        status: record.status,
        from: position.status,
        label: `Stake of ${wallet} on ${node}`,
      };
    }
  }
}

/**
 * Applies one stored record update through the status route's own service function (audit, mails, webhooks), only
 * while the record still has the status it had when proposed (`record_from_status`; null for older proposals).
 */
async function applyRecord(
  db: Db,
  row: { record_type: string; record_id: string; record_status: string; record_from_status: string | null },
  by: AuditActor,
) {
  const unchanged = row.record_from_status
    ? { status: row.record_from_status, refusal: SAFE_MESSAGES.safeRecordChanged }
    : undefined;
  switch (row.record_type) {
    case "node":
      await applyTransition(db, {
        nodeId: row.record_id,
        actor: { type: USER_TYPE.admin, id: by.adminId },
        action: { kind: "review", to: NODE_STATUS.approved },
        audit: by,
        unchanged,
      });
      return;
    case "stakeRequest":
      await changeStakeRequestStatus(db, row.record_id, STAKE_REQUEST_STATUS.approved, by, unchanged);
      return;
    case "stake": {
      const [wallet, node] = row.record_id.split("-") as [string, string];
      await recordUnlock(db, wallet, node, by);
      return;
    }
  }
}

/** An update not applied nor refused yet (or claimed by an older version's run that stopped), in `table`'s row. */
const notDone = (table: "p" | "app.safe_proposal") =>
  sql<boolean>`(${sql.ref(`${table}.record_outcome`)} IS NULL OR (${sql.ref(`${table}.record_outcome`)} = 'applying'
    AND ${sql.ref(`${table}.record_done_at`)} < ${staleClaim()}))`;

/** The proposals whose record update is due: their Safe transaction executed successfully, the update not applied. */
const dueRecordUpdates = (db: Db) =>
  db
    .selectFrom("app.safe_proposal as p")
    .innerJoin("chain.safe_execution as e", (join) =>
      join.onRef("e.safe", "=", "p.safe").onRef("e.safe_tx_hash", "=", "p.safe_tx_hash"),
    )
    .where("p.record_type", "is not", null)
    .where(notDone("p"))
    .where("e.status", "=", "success");

/**
 * Whether a proposal's record update is due, as an SQL condition: what the indexer listener reads in its scan (a
 * range's event waits for the record updates only when it holds).
 */
export const recordUpdatesDueExist = (db: Db) =>
  sql<boolean>`EXISTS (${dueRecordUpdates(db).select(sql.lit(1).as("due"))})`;

/**
 * Applies the record update of each proposal whose own Safe transaction the indexer shows executed successfully, once:
 * the proposal is marked applied and the update applied in one transaction (the mark's row lock holds another run
 * back until it commits, and a run that stops commits neither), or marked refused with the rule's reason when the
 * record changed meanwhile. A failed or replaced proposal has no successful execution of its safeTxHash, so it is
 * never applied. An error that is not a rule's refusal leaves the update due for the next run.
 */
export async function applyExecutedRecordUpdates(db: Db): Promise<number> {
  const due = await dueRecordUpdates(db).select(["p.id", "e.tx_hash"]).orderBy("p.nonce").execute();
  let applied = 0;
  for (const { id, tx_hash } of due) {
    const mark = (trx: Db, outcome: "applied" | "refused", reason: string | null) =>
      trx
        .updateTable("app.safe_proposal")
        .set({ record_outcome: outcome, record_reason: reason, record_tx_hash: tx_hash, record_done_at: new Date() })
        .where("id", "=", id)
        .where(notDone("app.safe_proposal"))
        .returning(["record_type", "record_id", "record_status", "record_from_status", "proposed_by"])
        .executeTakeFirst();
    try {
      const done = await db.transaction().execute(async (trx) => {
        const claimed = await mark(trx, "applied", null);
        if (!claimed) return false;
        const by: AuditActor = { adminId: claimed.proposed_by, clientAddress: SAFE_EXECUTION_CLIENT };
        await applyRecord(
          trx,
          claimed as {
            record_type: string;
            record_id: string;
            record_status: string;
            record_from_status: string | null;
          },
          by,
        );
        return true;
      });
      if (done) applied += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.status < 500)) throw error;
      await mark(db, "refused", error.message);
    }
  }
  return applied;
}
