import type { ScheduledJob } from "../scheduler/scheduler.ts";
import { recordAdminDigests } from "./digest.ts";
import { ADMIN_DIGEST_CRON } from "./rules.ts";
import { sendPendingMails, type MailSenderDeps } from "./sender.ts";
import { scanUnlocks } from "./unlock-scan.ts";

/** The pg-boss job that sends the recorded mails (every minute, and at once when a route wakes it). */
export const ALERT_MAIL_JOB = "alert-mails";

/** Wakes the mail job after a transaction recorded mails; recorded mails are sent by the next minute anyway. */
export interface MailQueue {
  wake(): void;
}

/** Scans the indexed chain for unlocks, then sends every recorded mail not sent yet. */
export async function runAlertMails(deps: MailSenderDeps) {
  const unlocks = await scanUnlocks(deps.db);
  const mails = await sendPendingMails(deps);
  return { unlocks, mails };
}

export function alertMailJob(deps: MailSenderDeps): ScheduledJob {
  return {
    name: ALERT_MAIL_JOB,
    cron: "* * * * *",
    expireInSeconds: 5 * 60,
    async run() {
      await runAlertMails(deps);
    },
  };
}

/** The admins' daily digest of pending reviews: recorded once per admin and day, then sent. */
export function adminDigestJob(deps: MailSenderDeps, clock: () => Date = () => new Date()): ScheduledJob {
  return {
    name: "admin-digest",
    cron: ADMIN_DIGEST_CRON,
    expireInSeconds: 10 * 60,
    async run() {
      await recordAdminDigests(deps.db, clock());
      await sendPendingMails(deps);
    },
  };
}
