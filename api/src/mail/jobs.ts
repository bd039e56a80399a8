import { scanUnlocks } from "../alert/index.ts";
import { matchPayments } from "../incentive/index.ts";
import type { ScheduledJob } from "../scheduler/scheduler.ts";
import { wakeQueueOf, type WakeQueue } from "../shared/wake-queue.ts";
import { sendPendingMails, type MailSenderDeps } from "./outbox.ts";

/** The pg-boss job that records the mails of chain events and sends every recorded mail not sent yet, every minute. */
export const MAIL_JOB = "mails";

/**
 * The scans that find events on the indexed chain and record their mails: stake unlocks, and payouts matched to their
 * incentives.
 */
const CHAIN_EVENT_SCANS: ((deps: MailSenderDeps) => Promise<unknown>)[] = [
  (deps) => scanUnlocks(deps.db),
  (deps) => matchPayments(deps.db, new Date(), deps.priceFeed),
];

/** Sends recorded mails soon after a transaction recorded them; the mail job sends any left by the next minute. */
export type MailQueue = WakeQueue;

/** Sends the recorded mails in this process when woken (wakeQueueOf): safe beside the mail job and other instances. */
export const mailQueueOf = (deps: MailSenderDeps): MailQueue =>
  wakeQueueOf(
    () => sendPendingMails(deps),
    (error) => deps.log.error({ err: error }, "mails: sending failed"),
  );

/**
 * Records the mails of the chain events indexed since the last run, then sends every recorded mail not
 * sent yet. A scan that fails is logged and the recorded mails still go; it runs again next minute.
 */
export async function runMailJob(deps: MailSenderDeps) {
  for (const scan of CHAIN_EVENT_SCANS) {
    await scan(deps).catch((error: unknown) =>
      deps.log.error({ err: error, job: MAIL_JOB }, "mails: a chain event scan failed"),
    );
  }
  return sendPendingMails(deps);
}

export function mailJob(deps: MailSenderDeps): ScheduledJob {
  return {
    name: MAIL_JOB,
    cron: "* * * * *",
    expireInSeconds: 5 * 60,
    async run() {
      await runMailJob(deps);
    },
  };
}
