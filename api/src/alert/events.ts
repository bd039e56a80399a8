import { randomUUID } from "node:crypto";
import { sql, type RawBuilder } from "kysely";
import { NODE_STATUS } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { mailOf, recordMails, type MailKind } from "../mail/index.ts";
import {
  incentivePaidMessage,
  jobStatusMessage,
  nodeDownMessage,
  nodeStatusMessage,
  nodeUpMessage,
  stakeUnlockedMessage,
  recordWebhookMessage,
} from "../webhook/index.ts";
import { priceAtBlock, usdPerPli, usdText } from "../price/index.ts";
import { ALERT_KIND, INACTIVE_ALERT_MAX_AGE_DAYS, nodeStatusAlertDue } from "./rules.ts";

/**
 * The operator alerts recorded by the transaction that makes their event: each function takes that
 * transaction, so the mail and the webhook deliveries exist exactly when the change does. Both channels are told
 * from here (a node going down or back up is told by webhook only: a mail within a monitor round would be noise).
 */

export interface NodeStatusChange {
  /** The node status history row of the change. */
  historyId: string;
  node: { operator_id: string; name: string; status: string; admin_notes: string };
  to: string;
  /** The node's notes after the change. */
  notes: string;
}

/** An admin changed a node's status (or returned it again with other notes): its operator is told. */
export async function recordNodeStatusAlert(tx: Db, { historyId, node, to, notes }: NodeStatusChange) {
  if (!nodeStatusAlertDue({ from: node.status, to, notesBefore: node.admin_notes, notesAfter: notes })) return 0;
  const details = { nodeName: node.name, from: node.status, to, notes: to === NODE_STATUS.return ? notes : "" };
  await recordWebhookMessage(tx, node.operator_id, nodeStatusMessage(historyId, details, new Date()));
  return recordMails(tx, [mailOf(ALERT_KIND.nodeStatus, historyId, { type: "user", id: node.operator_id }, details)]);
}

export interface JobStatusChange {
  job: {
    id: string;
    operator_id: string;
    node_id: string;
    name: string;
    status: string;
    job_status: string | null;
    admin_notes: string;
  };
  after: { status: string; jobStatus: string | null; adminNotes: string };
}

/** An admin changed a job's status or job status: its operator is told, with the admin's notes. */
export async function recordJobStatusAlert(tx: Db, { job, after }: JobStatusChange) {
  if (job.status === after.status && job.job_status === after.jobStatus) return 0;
  const node = await tx.selectFrom("app.node").select("name").where("id", "=", job.node_id).executeTakeFirst();
  const eventKey = `${job.id}:${randomUUID()}`;
  const details = {
    jobName: job.name,
    nodeName: node?.name ?? "",
    status: after.status,
    jobStatus: after.jobStatus,
    adminNotes: after.adminNotes,
  };
  await recordWebhookMessage(tx, job.operator_id, jobStatusMessage(eventKey, details, new Date()));
  return recordMails(tx, [mailOf(ALERT_KIND.jobStatus, eventKey, { type: "user", id: job.operator_id }, details)]);
}

/**
 * Days the node monitor has just marked inactive: each (node, day) found within
 * INACTIVE_ALERT_MAX_AGE_DAYS of `today` tells the node's operator; older days a monitor catches up on are not mailed.
 */
export async function recordInactiveDayAlerts(tx: Db, marked: { node_id: string; day: string }[], today: string) {
  if (marked.length === 0) return 0;
  const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - INACTIVE_ALERT_MAX_AGE_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const recent = marked.filter((row) => row.day >= oldest);
  if (recent.length === 0) return 0;
  const nodes = await tx
    .selectFrom("app.node")
    .select(["id", "operator_id", "name", "ipaddress"])
    .where("id", "in", [...new Set(recent.map((row) => row.node_id))])
    .execute();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return recordMails(
    tx,
    recent.flatMap((row) => {
      const node = byId.get(row.node_id);
      return node
        ? [
            mailOf(
              ALERT_KIND.nodeInactive,
              `${row.node_id}:${row.day}`,
              { type: "user", id: node.operator_id },
              { nodeName: node.name, ipaddress: node.ipaddress, day: row.day },
            ),
          ]
        : [];
    }),
  );
}

/** Nodes the monitor's round at `when` found down (the stopped-answering rule just met) or back up: told by webhook. */
export async function recordNodeHealthAlerts(
  tx: Db,
  crossings: { nodeId: string; change: "down" | "up" }[],
  when: Date,
) {
  if (crossings.length === 0) return 0;
  const nodes = await tx
    .selectFrom("app.node")
    .select(["id", "operator_id", "name", "node_address"])
    .where(
      "id",
      "in",
      crossings.map((crossing) => crossing.nodeId),
    )
    .execute();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  let recorded = 0;
  for (const { nodeId, change } of crossings) {
    const node = byId.get(nodeId);
    if (!node) continue;
    const health = { nodeId, nodeName: node.name, nodeAddress: node.node_address };
    recorded += await recordWebhookMessage(
      tx,
      node.operator_id,
      change === "down" ? nodeDownMessage(health, when) : nodeUpMessage(health, when),
    );
  }
  return recorded;
}

export interface StakeUnlock {
  /** The indexer's id of the unlock event. */
  id: string;
  operatorId: string;
  node: string;
  nodeName: string | null;
  amount: string;
  txHash: string;
}

/** Stake unlocks found on the indexed chain: each operator is mailed and told by webhook. */
export async function recordStakeUnlockAlerts(tx: Db, unlocks: StakeUnlock[]) {
  for (const unlock of unlocks)
    await recordWebhookMessage(tx, unlock.operatorId, stakeUnlockedMessage(unlock.id, unlock, new Date()));
  return recordMails(
    tx,
    unlocks.map((unlock) =>
      mailOf(
        ALERT_KIND.stakeUnlocked,
        unlock.id,
        { type: "user", id: unlock.operatorId },
        { nodeName: unlock.nodeName, node: unlock.node, amount: unlock.amount, txHash: unlock.txHash },
      ),
    ),
  );
}

/** The mail kind of a payout's alert. */
export const PAYOUT_MAIL_KIND = "incentivePaid" satisfies MailKind;

/** A payout's alert is keyed by its transaction and wallet: this key, and the same built in SQL from two columns. */
const payoutEventKey = (txHash: string, wallet: string) => `${txHash}:${wallet}`;
export const payoutEventKeySql = (txHash: RawBuilder<unknown>, wallet: RawBuilder<unknown>) =>
  sql<string>`${txHash} || ':' || ${wallet}`;

/**
 * Payouts matched to their incentives (one per transaction and wallet): the wallet's operator is mailed (also one who
 * signs up later) and told by webhook, with the payout's total as the transaction paid it and, when `priceFeed` (the
 * API's PRICE_FEED_ADDRESS) has a round kept for the payment's block, its USD value at that block.
 */
export async function recordIncentivePaidAlerts(
  tx: Db,
  payouts: { txHash: string; wallet: string }[],
  priceFeed: string | undefined,
) {
  for (const payout of payouts) {
    const paid = await tx
      .selectFrom("app.incentive as i")
      .innerJoin("app.operator as o", "o.wallet_address", "i.wallet")
      .select([
        "o.id as operator_id",
        (eb) => eb.fn.max("i.paid_block").as("block"),
        (eb) => eb.fn.sum<string>(eb.fn.coalesce("i.paid_amount", "i.token")).as("amount"),
      ])
      .where("i.wallet", "=", payout.wallet)
      .where("i.paid_tx", "=", payout.txHash)
      .groupBy("o.id")
      .executeTakeFirst();
    if (!paid) continue;
    const amount = BigInt(paid.amount);
    const round = await priceAtBlock(tx, priceFeed, paid.block);
    const usd = round ? { usd: usdText(amount, round), usdPerPli: usdPerPli(round) } : {};
    await recordWebhookMessage(
      tx,
      paid.operator_id,
      incentivePaidMessage({ ...payout, amount: amount.toString(), ...usd }, new Date()),
    );
  }
  return recordMails(
    tx,
    payouts.map((payout) =>
      mailOf(
        PAYOUT_MAIL_KIND,
        payoutEventKey(payout.txHash, payout.wallet),
        { type: "wallet", id: payout.wallet },
        payout,
      ),
    ),
  );
}
