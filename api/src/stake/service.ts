import type { PublicClient } from "viem";
import { recordAudit, recordAuditOnce, type AuditActor } from "../audit/index.ts";
import { receiptOrNull } from "../chain/client.ts";
import { getIndexedBlock } from "../chain/views.ts";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import type { SessionClaims } from "../operator/schema.ts";
import { AppError } from "../shared/errors.ts";
import { eventsOfPositions, eventsOfTransaction } from "./events.ts";
import { findPosition, type PositionRow } from "./positions.ts";
import { toStakeResponse } from "./responses.ts";
import { decideHint, stakeIdOf, type HintKind, type HintReceipt } from "./rules.ts";
import { STAKE_MESSAGES } from "./schema.ts";

/**
 * The chain's receipt of a transaction and whether the indexer has passed its block; null when the chain does not know
 * it (a chain that cannot be reached throws: 503).
 */
async function receiptOf(deps: { db: Db; chain: PublicClient }, hash: `0x${string}`): Promise<HintReceipt | null> {
  const receipt = await receiptOrNull(deps.chain, hash);
  if (!receipt) return null;
  const indexedBlock = await getIndexedBlock(deps.db);
  return { status: receipt.status, indexed: indexedBlock !== null && receipt.blockNumber <= BigInt(indexedBlock) };
}

/**
 * Checks a browser's hint that `hash` is a transaction of one of `kinds` from `wallet` on `node`
 * against the indexed events (the chain's receipt only explains a hash without events). Refuses
 * with the reason (404, 403 or 409) unless the indexer has seen it.
 */
export async function verifyHint(
  deps: { db: Db; chain: PublicClient },
  hint: { hash: string; kinds: readonly HintKind[]; wallet: string; node: string },
) {
  const events = await eventsOfTransaction(deps.db, hint.hash);
  const receipt = events.length === 0 ? await receiptOf(deps, hint.hash as `0x${string}`) : null;
  const decision = decideHint(events, hint, receipt);
  if (!decision.ok) throw new AppError(decision.code, decision.reason);
}

/** The position of (wallet, node) with its events; 404 when the chain has none. */
export async function readPosition(db: Db, wallet: string, node: string) {
  const row = await findPosition(db, wallet, node);
  if (!row) throw new AppError("notFound", STAKE_MESSAGES.stakeNotFound);
  return toStakeResponse(row, (await eventsOfPositions(db, [row])).get(stakeIdOf(row.wallet, row.node)) ?? []);
}

/** Refuses (409) a position the chain does not show as Unlock: still Stake, or already withdrawn. */
export function requireUnlocked(row: Pick<PositionRow, "status">) {
  if (row.status === STAKE_STATUS.withdraw) throw new AppError("conflict", STAKE_MESSAGES.stakeAlreadyWithdrawn);
  if (row.status !== STAKE_STATUS.unlock) throw new AppError("conflict", STAKE_MESSAGES.stakeNotUnlocked);
}

/**
 * The signed-in operator's wallet, never from the request: the session's signed claim (an operator's
 * wallet never changes), or their account for a token that carries none.
 */
export async function walletOf(db: Db, session: Pick<SessionClaims, "sub" | "walletAddress">): Promise<string> {
  if (session.walletAddress) return session.walletAddress.toLowerCase();
  const row = await db
    .selectFrom("app.operator")
    .select("wallet_address")
    .where("id", "=", session.sub)
    .executeTakeFirstOrThrow();
  return row.wallet_address;
}

/** The (wallet, node) of a portal node, the operator's own when `ownerId` is set; 404 otherwise. */
export async function nodeKey(db: Db, nodeId: string, ownerId?: string): Promise<{ wallet: string; node: string }> {
  let query = db.selectFrom("app.node").select(["wallet_address", "node_address"]).where("id", "=", nodeId);
  if (ownerId) query = query.where("operator_id", "=", ownerId);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError("notFound", STAKE_MESSAGES.stakeNodeNotFound);
  return { wallet: row.wallet_address, node: row.node_address };
}

/**
 * An admin's unlock of (wallet, node), once the chain shows it Unlock: recorded in the audit trail with the unlock's
 * transaction, once however many hints name it. 404 without a position, 409 while the chain does not show it unlocked.
 */
export async function recordUnlock(db: Db, wallet: string, node: string, by: AuditActor) {
  const row = await findPosition(db, wallet, node);
  if (!row) throw new AppError("notFound", STAKE_MESSAGES.stakeNotFound);
  requireUnlocked(row);
  const data = await readPosition(db, wallet, node);
  const entry = {
    by,
    action: "stake.unlock",
    recordType: "stake",
    recordId: data._id,
    before: null,
    after: { status: data.status, totalStake: data.totalStake, unlockedAt: data.unlockedAt },
  } as const;
  if (data.unlockTnxHash) await recordAuditOnce(db, { ...entry, txHash: data.unlockTnxHash });
  else await recordAudit(db, entry);
  return data;
}
