/**
 * The webhook rules in one place, pure: the kinds an operator can add, the events they receive, how
 * often a delivery is tried and when a failing webhook is turned off, and which addresses a webhook may reach.
 */

/** Where a webhook posts: Discord and Slack incoming webhooks, a Telegram chat through a bot, or any JSON endpoint. */
export const WEBHOOK_KIND = { discord: "discord", slack: "slack", telegram: "telegram", json: "json" } as const;
export type WebhookKind = (typeof WEBHOOK_KIND)[keyof typeof WEBHOOK_KIND];
export const WEBHOOK_KINDS = Object.values(WEBHOOK_KIND) as [WebhookKind, ...WebhookKind[]];

export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  discord: "Discord",
  slack: "Slack",
  telegram: "Telegram",
  json: "Generic JSON (signed)",
};

/** What a webhook is told of; `test` is the sample of the test button. */
export const WEBHOOK_EVENT = {
  nodeDown: "node.down",
  nodeUp: "node.up",
  nodeStatus: "node.status",
  jobStatus: "job.status",
  stakeUnlocked: "stake.unlocked",
  incentivePaid: "incentive.paid",
  test: "webhook.test",
} as const;
export type WebhookEvent = (typeof WEBHOOK_EVENT)[keyof typeof WEBHOOK_EVENT];

export const WEBHOOK_LIMITS = {
  /** Webhooks one operator may have: enough for a chat of each kind and a few endpoints. */
  perOperator: 10,
  /** Characters of a webhook's name. */
  nameLength: 60,
  /** Attempts kept per webhook for its delivery log. */
  logKept: 50,
  /** Attempts at one delivery before it is given up. */
  attempts: 5,
  /** Failed attempts in a row (whatever the events) after which the webhook is turned off and its operator mailed. */
  disableAfterFailures: 10,
  /**
   * The whole of one attempt, in ms: resolving the host, connecting, sending and reading the answer. A receiver that
   * answers slowly or never finishes holds only its own webhook's deliveries, and only this long.
   */
  attemptDeadlineMs: 10_000,
  /** Bytes of a receiver's answer read at most; the rest is not read (only the status counts). */
  answerBytes: 64 * 1024,
  /** Test messages one operator may send a minute (the Test button). */
  testsPerMinute: 5,
  /**
   * Adds and edits one operator may make an hour: each resolves its target's host, which holds one of the process's
   * few resolver threads until the host's DNS answers (or the 10 s a check waits for it).
   */
  writesPerHour: 60,
  /**
   * Days a finished delivery is kept (then pruned): far longer than its retries take, so an event recorded again
   * within them is still not delivered twice.
   */
  finishedKeptDays: 30,
  /** Webhooks delivered to at once by one sender (one attempt at a time per webhook). */
  parallel: 20,
} as const;

/**
 * How a delivery ended: posted with a 2xx, given up after WEBHOOK_LIMITS.attempts, or dropped because its webhook was
 * turned off or its operator disabled or removed from the validator directory.
 */
export const WEBHOOK_OUTCOME = {
  delivered: "delivered",
  failed: "failed",
  disabled: "disabled",
  operatorInactive: "operatorInactive",
} as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOME)[keyof typeof WEBHOOK_OUTCOME];

/** Seconds before the next attempt after `attempts` failed ones: 30 s, then four times longer each time. */
export const retryDelaySeconds = (attempts: number) => 30 * 4 ** Math.max(0, attempts - 1);

/** Whether a delivery's answer is a success: any 2xx. */
export const deliveredStatus = (status: number) => status >= 200 && status < 300;

/** The shown form of a webhook's target: its host and the last characters of the rest, never the whole secret path. */
export function maskedTarget(kind: WebhookKind, target: string): string {
  if (kind === WEBHOOK_KIND.telegram) return `chat ${target}`;
  const url = new URL(target);
  const rest = `${url.pathname}${url.search}`;
  return rest.length <= 8 ? `${url.host}${rest}` : `${url.host}/…${rest.slice(-4)}`;
}
