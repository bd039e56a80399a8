import { sendPendingMails, type MailSenderDeps } from "../mail/index.ts";
import type { ScheduledJob } from "../scheduler/scheduler.ts";
import { recordAdminDigests } from "./digest.ts";
import { ADMIN_DIGEST_CRON } from "./rules.ts";

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
