import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { outboxAttemptCounts } from "../shared/outbox.ts";
import type { Snapshot } from "./snapshot.ts";

/** Every family the API registers besides the process's defaults, by what it measures; alerts and panels use these. */
export const METRIC = {
  httpRequests: "pli_http_requests_total",
  httpDuration: "pli_http_request_duration_seconds",
  liveStreams: "pli_live_streams_open",
  answerCacheHits: "pli_answer_cache_hits_total",
  answerCacheMisses: "pli_answer_cache_misses_total",
  dbPoolConnections: "pli_db_pool_connections",
  dbPoolIdle: "pli_db_pool_idle_connections",
  dbPoolWaiting: "pli_db_pool_waiting_queries",
  schedulerQueued: "pli_scheduler_queued_jobs",
  schedulerFailed: "pli_scheduler_failed_jobs",
  schedulerLastRunFailed: "pli_scheduler_last_run_failed",
  mailBacklog: "pli_mail_outbox_backlog",
  mailOldestPending: "pli_mail_outbox_oldest_pending_seconds",
  mailFailures: "pli_mail_outbox_failures",
  webhookWaiting: "pli_webhook_deliveries_waiting",
  webhookOldestDue: "pli_webhook_oldest_due_seconds",
  webhookFailures: "pli_webhook_delivery_failures",
  outboxAttempts: "pli_outbox_attempts_total",
  chainHead: "pli_chain_head_block",
  indexedBlock: "pli_indexer_block",
  indexerLag: "pli_indexer_lag_blocks",
  replicaLagBytes: "pli_analyst_replica_lag_bytes",
  replicaLagSeconds: "pli_analyst_replica_lag_seconds",
  monitorLastRound: "pli_node_monitor_last_round_timestamp_seconds",
  rewardPool: "pli_reward_pool_pli",
  incentivesUnpaid: "pli_incentives_unpaid_pli",
} as const;

/** The prefix of the process's default families (memory, CPU, event loop lag, GC, handles). */
export const PROCESS_METRICS_PREFIX = "pli_";

/** Request durations from 5 ms to 10 s: the list routes answer in tens of ms, exports and chain-backed ones slower. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricSources {
  /** Live streams open on this instance now. */
  liveStreams(): number;
  /** This instance's answer cache counts since the start. */
  answerCache(): { hits: number; misses: number };
  /** This instance's database pool now, if known. */
  poolUse(): { total: number; idle: number; waiting: number } | undefined;
  /** The readings shared by every gauge of a scrape (see snapshots). */
  snapshot(): Promise<Snapshot>;
}

export type HttpLabels = "method" | "route" | "status";

/**
 * The API's registry: request counters and durations fed by the HTTP middleware, and gauges read only when Prometheus
 * scrapes (collect), so no request pays for them.
 */
export function createRegistry(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PROCESS_METRICS_PREFIX });
  const registers = [registry];
  const requests = new Counter<HttpLabels>({
    name: METRIC.httpRequests,
    help: "HTTP requests answered, by route pattern, method and status",
    labelNames: ["method", "route", "status"],
    registers,
  });
  const durations = new Histogram<HttpLabels>({
    name: METRIC.httpDuration,
    help: "Time to answer an HTTP request (to its headers for a stream), by route pattern, method and status",
    labelNames: ["method", "route", "status"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  new Gauge({
    name: METRIC.liveStreams,
    help: "Live streams (Server-Sent Events) open on this instance",
    registers,
    collect() {
      this.set(sources.liveStreams());
    },
  });
  for (const [name, which] of [
    [METRIC.answerCacheHits, "hits"],
    [METRIC.answerCacheMisses, "misses"],
  ] as const)
    new Counter({
      name,
      help: `List answers ${which === "hits" ? "given again from" : "read afresh past"} this instance's answer cache`,
      registers,
      collect() {
        this.reset();
        this.inc(sources.answerCache()[which]);
      },
    });
  for (const [name, help, which] of [
    [METRIC.dbPoolConnections, "Database connections this instance's pool holds open", "total"],
    [METRIC.dbPoolIdle, "Open database connections idle in this instance's pool", "idle"],
    [METRIC.dbPoolWaiting, "Queries waiting for a database connection of this instance's pool", "waiting"],
  ] as const)
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.reset();
        const use = sources.poolUse();
        if (use) this.set(use[which]);
        else this.remove();
      },
    });
  new Counter<"channel" | "outcome">({
    name: METRIC.outboxAttempts,
    help: "Outbox attempts this instance ended, by channel (mail, webhook) and outcome (failed: tried again or given up)",
    labelNames: ["channel", "outcome"],
    registers,
    collect() {
      this.reset();
      for (const { channel, outcome, count } of outboxAttemptCounts()) this.inc({ channel, outcome }, count);
    },
  });
  registerSnapshotGauges(registers, sources.snapshot);
  return { registry, requests, durations };
}

type Labelled = Record<string, string>;

/**
 * A gauge set at each scrape from the snapshot. A part the snapshot could not read (or a time not come yet) leaves it
 * without a sample rather than at 0 (prom-client gives an unlabelled gauge a 0 until it is removed), so a failed
 * reading never looks like a good one.
 */
function snapshotGauge<L extends string>(
  registers: Registry[],
  snapshot: () => Promise<Snapshot>,
  options: { name: string; help: string; labelNames?: L[] },
  values: (snapshot: Snapshot) => [Labelled, number][] | null,
) {
  new Gauge<L>({
    ...options,
    labelNames: options.labelNames ?? [],
    registers,
    async collect() {
      this.reset();
      if (!options.labelNames) this.remove();
      for (const [labels, value] of values(await snapshot()) ?? [])
        this.set(labels as Partial<Record<L, string>>, value);
    },
  });
}

const one = (value: number | null | undefined): [Labelled, number][] | null =>
  value === null || value === undefined ? null : [[{}, value]];

/** An outbox's failures by `state`: retrying (to be tried again) and given_up (after the last attempt). */
const byFailureState = (
  failures: { retrying: number; givenUp: number } | null | undefined,
): [Labelled, number][] | null =>
  failures
    ? [
        [{ state: "retrying" }, failures.retrying],
        [{ state: "given_up" }, failures.givenUp],
      ]
    : null;

function registerSnapshotGauges(registers: Registry[], snapshot: () => Promise<Snapshot>) {
  const gauge = <L extends string>(
    options: { name: string; help: string; labelNames?: L[] },
    values: (snapshot: Snapshot) => [Labelled, number][] | null,
  ) => snapshotGauge(registers, snapshot, options, values);
  gauge({ name: METRIC.chainHead, help: "The chain's head block, as the health check read it" }, (s) =>
    one(s.indexer?.head),
  );
  gauge({ name: METRIC.indexedBlock, help: "The last block the indexer wrote" }, (s) => one(s.indexer?.block));
  gauge({ name: METRIC.indexerLag, help: "Blocks the indexer trails the chain's head by" }, (s) => one(s.indexer?.lag));
  gauge(
    {
      name: METRIC.replicaLagBytes,
      help: "WAL bytes the analysts' replica has not replayed yet (ANALYST_REPLICA_URL)",
    },
    (s) => one(s.replica?.lagBytes),
  );
  gauge(
    {
      name: METRIC.replicaLagSeconds,
      help: "Seconds since the analysts' replica replayed a transaction, while it is behind (0 when caught up)",
    },
    (s) => one(s.replica?.lagSeconds),
  );
  gauge(
    { name: METRIC.schedulerQueued, help: "Scheduled job runs waiting, per queue", labelNames: ["queue"] },
    (s) => s.queues?.map((q) => [{ queue: q.queue }, q.queued]) ?? null,
  );
  gauge(
    {
      name: METRIC.schedulerFailed,
      help: "Failed scheduled job runs the scheduler keeps, per queue",
      labelNames: ["queue"],
    },
    (s) => s.queues?.map((q) => [{ queue: q.queue }, q.failed]) ?? null,
  );
  gauge(
    {
      name: METRIC.schedulerLastRunFailed,
      help: "1 when the queue's last finished run failed, 0 when it completed",
      labelNames: ["queue"],
    },
    (s) =>
      s.queues?.flatMap((q): [Labelled, number][] =>
        q.lastRunFailed === null ? [] : [[{ queue: q.queue }, q.lastRunFailed ? 1 : 0]],
      ) ?? null,
  );
  gauge({ name: METRIC.mailBacklog, help: "Mails recorded and not sent yet (still to be tried)" }, (s) =>
    one(s.mail?.backlog),
  );
  gauge({ name: METRIC.mailOldestPending, help: "Age of the oldest mail not sent yet, seconds (0 when none)" }, (s) =>
    one(s.mail?.oldestPendingSeconds),
  );
  gauge(
    {
      name: METRIC.mailFailures,
      help: "Mails whose sending failed: retrying (to be tried again) or given_up (after the last attempt)",
      labelNames: ["state"],
    },
    (s) => byFailureState(s.mail),
  );
  gauge(
    { name: METRIC.webhookWaiting, help: "Webhook deliveries not done yet, retries waiting their turn included" },
    (s) => one(s.webhooks?.waiting),
  );
  gauge(
    {
      name: METRIC.webhookOldestDue,
      help: "How long the most overdue webhook delivery has been due and not sent, seconds (0 when none)",
    },
    (s) => one(s.webhooks?.oldestDueSeconds),
  );
  gauge(
    {
      name: METRIC.webhookFailures,
      help: "Webhook deliveries that failed: retrying (to be tried again) or given_up (after the last attempt)",
      labelNames: ["state"],
    },
    (s) => byFailureState(s.webhooks),
  );
  gauge(
    { name: METRIC.monitorLastRound, help: "When the node monitor last finished a round, seconds since the epoch" },
    (s) => one(s.monitorLastRound?.at),
  );
  gauge({ name: METRIC.rewardPool, help: "The StakingRewards reward pool as indexed, PLI" }, (s) =>
    one(s.rewards?.poolPli),
  );
  gauge({ name: METRIC.incentivesUnpaid, help: "The total of the unpaid incentives (the next payout's), PLI" }, (s) =>
    one(s.rewards?.unpaidPli),
  );
}
