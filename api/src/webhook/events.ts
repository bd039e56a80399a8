import { pliText } from "../shared/pli.ts";
import type { WebhookMessage } from "./formats.ts";
import { NODE_HEALTH } from "../node/schema.ts";
import { WEBHOOK_EVENT } from "./rules.ts";

/**
 * What each alert says on a webhook: its title and text for chats, and its data for programs (amounts in wei as text,
 * with the PLI text beside them). `key` is the event's own id, so the same event reaches a webhook once.
 */

const at = (when: Date) => when.toISOString();

export const testMessage = (key: string, when: Date): WebhookMessage => ({
  id: key,
  event: WEBHOOK_EVENT.test,
  occurredAt: at(when),
  title: "Test message",
  text: "This webhook receives the alerts of the PLI validator portal.",
  data: {},
});

export type NodeHealthChange = { nodeId: string; nodeName: string; nodeAddress: string };

export const nodeDownMessage = (node: NodeHealthChange, when: Date): WebhookMessage => ({
  id: `node.down:${node.nodeId}:${at(when)}`,
  event: WEBHOOK_EVENT.nodeDown,
  occurredAt: at(when),
  title: `Node ${node.nodeName} is down`,
  text: `Node ${node.nodeName} did not answer the monitor's last ${NODE_HEALTH.downAfterMisses} checks.`,
  data: { ...node, missedChecks: NODE_HEALTH.downAfterMisses },
});

export const nodeUpMessage = (node: NodeHealthChange, when: Date): WebhookMessage => ({
  id: `node.up:${node.nodeId}:${at(when)}`,
  event: WEBHOOK_EVENT.nodeUp,
  occurredAt: at(when),
  title: `Node ${node.nodeName} is back up`,
  text: `Node ${node.nodeName} answers the monitor's checks again.`,
  data: node,
});

export const nodeStatusMessage = (
  key: string,
  change: { nodeName: string; from: string | null; to: string; notes: string },
  when: Date,
): WebhookMessage => ({
  id: `node.status:${key}`,
  event: WEBHOOK_EVENT.nodeStatus,
  occurredAt: at(when),
  title: `Node ${change.nodeName}: ${change.to}`,
  text: `An admin changed the status of node ${change.nodeName} from ${change.from ?? "none"} to ${change.to}.${change.notes ? ` Notes: ${change.notes}` : ""}`,
  data: change,
});

export const jobStatusMessage = (
  key: string,
  change: { jobName: string; nodeName: string; status: string; jobStatus: string | null; adminNotes: string },
  when: Date,
): WebhookMessage => ({
  id: `job.status:${key}`,
  event: WEBHOOK_EVENT.jobStatus,
  occurredAt: at(when),
  title: `Job ${change.jobName}: ${change.status}`,
  text: `An admin changed job ${change.jobName} on node ${change.nodeName} to ${change.status}${change.jobStatus ? ` (${change.jobStatus})` : ""}.${change.adminNotes ? ` Notes: ${change.adminNotes}` : ""}`,
  data: change,
});

export const stakeUnlockedMessage = (
  key: string,
  unlock: { nodeName: string | null; node: string; amount: string; txHash: string },
  when: Date,
): WebhookMessage => {
  const name = unlock.nodeName ?? unlock.node;
  const pli = pliText(BigInt(unlock.amount));
  return {
    id: `stake.unlocked:${key}`,
    event: WEBHOOK_EVENT.stakeUnlocked,
    occurredAt: at(when),
    title: `Stake unlocked on node ${name}`,
    text: `Your stake of ${pli} PLI on node ${name} is unlocked: you can withdraw it on the portal.`,
    data: { ...unlock, amountPli: pli },
  };
};

/**
 * A payout: its total in wei and PLI, and its USD value when the portal knows the PLI/USD price at its block (`usd`,
 * to the cent, and the price `usdPerPli`; both absent otherwise).
 */
export const incentivePaidMessage = (
  payout: { txHash: string; wallet: string; amount: string; usd?: string; usdPerPli?: string },
  when: Date,
): WebhookMessage => {
  const pli = pliText(BigInt(payout.amount));
  return {
    id: `incentive.paid:${payout.txHash}:${payout.wallet}`,
    event: WEBHOOK_EVENT.incentivePaid,
    occurredAt: at(when),
    title: `PLI incentive paid: ${pli} PLI`,
    text: `Your incentives have been paid: ${pli} PLI${payout.usd === undefined ? "" : ` (${payout.usd} USD at ${payout.usdPerPli} USD per PLI)`}.`,
    data: { ...payout, amountPli: pli },
  };
};
