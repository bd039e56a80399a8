import { NODE_STATUS } from "../public-contract/domain.ts";

/**
 * The alert rules in one place, pure: which alert mails exist (an operator may turn each off), and when
 * a change is worth a mail. The API enforces them; the profile page lists the kinds from here.
 */

/** The alert mails an operator receives and may turn off on their profile. */
export const ALERT_KIND = {
  nodeInactive: "nodeInactive",
  nodeStatus: "nodeStatus",
  jobStatus: "jobStatus",
  stakeUnlocked: "stakeUnlocked",
} as const;
export type AlertKind = (typeof ALERT_KIND)[keyof typeof ALERT_KIND];
export const ALERT_KINDS = Object.values(ALERT_KIND) as [AlertKind, ...AlertKind[]];

/** How each kind is named on the profile. */
export const ALERT_LABELS: Record<AlertKind, { label: string; description: string }> = {
  nodeInactive: {
    label: "Node inactive",
    description: "A node of yours answered fewer than half of the monitor's checks on a day",
  },
  nodeStatus: {
    label: "Node status",
    description: "An admin changed the status of a node of yours (with the notes when it is returned)",
  },
  jobStatus: { label: "Job status", description: "An admin changed the status of a job of yours" },
  stakeUnlocked: {
    label: "Stake unlocked",
    description: "A stake of yours was unlocked on the chain and can be withdrawn",
  },
};

/** An operator's choice per kind: true means the mail is sent (every kind is on until turned off). */
export type AlertPreferences = Record<AlertKind, boolean>;

/**
 * A node's status change by an admin is mailed when the status changes, or when a Return node is
 * returned again with other notes (the notes are what the operator must act on).
 */
export function nodeStatusAlertDue(change: {
  from: string | null;
  to: string;
  notesBefore: string;
  notesAfter: string;
}): boolean {
  if (change.from !== change.to) return true;
  return change.to === NODE_STATUS.return && change.notesBefore !== change.notesAfter;
}

/**
 * An inactive day found this many days late or later is recorded without a mail: a monitor that was
 * down and catches up on a month does not send a month of mails.
 */
export const INACTIVE_ALERT_MAX_AGE_DAYS = 2;

/** When the admins' digest of pending requests goes out, every day (UTC cron). */
export const ADMIN_DIGEST_CRON = "0 6 * * *";

/** Pending items listed by name in a digest; the rest are counted. */
export const DIGEST_LISTED = 10;
