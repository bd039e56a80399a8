import type { AuditAction, AuditRecordType } from "@pli/api/public-contract";
import dayjs from "dayjs";

/** What each audited action did, in words (the trail stores the action's name). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "node.review": "Node reviewed",
  "node.toggle": "Node activated / deactivated",
  "node.delete": "Node deleted",
  "stakeRequest.status": "Request status changed",
  "stakeRequest.delete": "Request deleted",
  "stake.unlock": "Stake unlocked",
  "payout.plan": "Payout planned",
  "payout.paid": "Payout paid",
  "incentive.delete": "Incentive deleted",
  "reward.deposit": "Rewards deposited",
  "setting.update": "Settings changed",
  "stakeLimit.change": "Stake limits changed",
  "job.edit": "Job edited",
  "job.quickUpdate": "Job quick update",
  "job.delete": "Job deleted",
  "rpcUrl.edit": "RPC URL edited",
  "rpcUrl.delete": "RPC URL deleted",
  "jobCategory.add": "Job category added",
  "jobCategory.rename": "Job category renamed",
  "jobCategory.delete": "Job category deleted",
  "operator.disable": "Operator disabled",
  "operator.enable": "Operator enabled",
  "operator.secondFactorReset": "Operator 2FA reset",
  "ticket.close": "Ticket closed",
  "invite.add": "Invite added",
  "invite.remove": "Invite removed",
  "invite.import": "Invites imported",
  "validator.add": "Validator added",
  "validator.role": "Validator role changed",
  "validator.remove": "Validator removed",
  "validator.import": "Validators imported",
  "passkey.add": "Passkey added",
  "passkey.rename": "Passkey renamed",
  "passkey.delete": "Passkey deleted",
  "secondFactor.emailCode": "Emailed sign-in code turned on / off",
  "secondFactor.reset": "Second factor reset",
  "admin.password": "Admin password changed",
  "admin.create": "Admin created",
  "admin.access": "Admin disabled or enabled",
  "safe.propose": "Proposed to the Safe",
  "safe.confirm": "Safe proposal confirmed",
  "safe.execute": "Safe proposal executed",
  "unchecked.review": "Chain activity marked reviewed",
};

/** The kinds of record, in words. */
export const AUDIT_RECORD_TYPE_LABELS: Record<AuditRecordType, string> = {
  node: "Node",
  stakeRequest: "Stake request",
  stake: "Stake",
  incentive: "Incentive",
  rewardPool: "Reward pool",
  setting: "Setting",
  job: "Job",
  jobCategory: "Job category",
  rpcUrl: "RPC URL",
  operator: "Operator",
  ticket: "Ticket",
  invite: "Invite",
  validator: "Validator",
  passkey: "Passkey",
  admin: "Admin",
  safeProposal: "Safe proposal",
  uncheckedActivity: "Chain activity",
};

/** The whole instant of a record, in the admin's time zone with its offset, to the millisecond. */
export const fullTimestamp = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm:ss.SSS [UTC]Z");

/** One key of a record that an action set, removed or changed; values as text, absent on the side without one. */
export interface AuditChange {
  key: string;
  before?: string;
  after?: string;
}

/** The name a whole value goes by when a before or after is not an object of keys. */
export const WHOLE_VALUE = "value";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as one line of text: strings as they are, anything else as JSON. */
export const valueText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

const fields = (value: unknown): Record<string, unknown> =>
  value === null || value === undefined ? {} : isObject(value) ? value : { [WHOLE_VALUE]: value };

/**
 * The keys an action changed, in the order the record lists them: a key only after is set, only before is removed,
 * on both sides with different values is changed; keys left as they were are not listed.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = fields(before);
  const is = fields(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return keys.flatMap((key) => {
    const old = key in was ? valueText(was[key]) : undefined;
    const now = key in is ? valueText(is[key]) : undefined;
    if (old === now) return [];
    return [{ key, ...(old === undefined ? {} : { before: old }), ...(now === undefined ? {} : { after: now }) }];
  });
}
