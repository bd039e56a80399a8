import type { ScheduledJob } from "../scheduler/scheduler.ts";
import { recordAdminDigests } from "./digest.ts";
import { ADMIN_DIGEST_CRON } from "./rules.ts";
import { sendPendingMails, type MailSenderDeps } from "./sender.ts";
import { scanUnlocks } from "./unlock-scan.ts";

/** The pg-boss job that scans for unlocks and sends the recorded mails not sent yet, every minute. */
export const ALERT_MAIL_JOB = "alert-mails";

/** Sends recorded mails soon after a transaction recorded them; the mail job sends any left by the next minute. */
export interface MailQueue {
  wake(): void;
}

/**
 * Sends the recorded mails in this process when woken: one send at a time, a wake during a send
 * runs one more send after it. Safe beside the mail job and other instances (mails are claimed).
 */
export function mailQueueOf(deps: MailSenderDeps): MailQueue {
  let running = false;
  let again = false;
  const run = () => {
    running = true;
    sendPendingMails(deps)
      .catch((error: unknown) => deps.log(`alerts: sending mails failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return {
    wake() {
      if (running) again = true;
      else run();
    },
  };
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
