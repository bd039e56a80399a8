import { PgBoss } from "pg-boss";
import type { Log } from "../shared/logger.ts";

/** A job the portal runs on a schedule, in one API instance at a time. */
export interface ScheduledJob {
  name: string;
  /** Five-field cron expression, in UTC. */
  cron: string;
  /** Longest a run may take before another instance may take the job over. */
  expireInSeconds: number;
  run(): Promise<void>;
}

export interface Scheduler {
  /** Runs a job now (as its schedule would), through the same queue: still one run at a time across instances. */
  trigger(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** The Postgres schema pg-boss keeps its queues and schedules in. */
export const SCHEDULER_SCHEMA = "pgboss";

/**
 * Starts the Postgres-backed scheduler (pg-boss): schedules and queued runs live in the database, so
 * a restart loses none, and a run is taken by one instance only however many API instances run.
 * Each job's queue holds at most one waiting and one running job, so a slow run never piles up more.
 */
export async function startScheduler({
  databaseUrl,
  jobs,
  log,
  checkSeconds,
}: {
  databaseUrl: string;
  jobs: ScheduledJob[];
  log: Log;
  /** Seconds between checks for due schedules, taken by one instance at a time (pg-boss's default when absent). */
  checkSeconds?: number;
}): Promise<Scheduler> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: SCHEDULER_SCHEMA,
    application_name: "pli-scheduler",
    max: 4,
    // The API's role owns nothing: the owner installs and migrates pg-boss's schema (db/roles.ts) and rebuilds its
    // indexes, which only a table's owner may do.
    migrate: false,
    reindex: false,
    ...(checkSeconds === undefined ? {} : { cronMonitorIntervalSeconds: checkSeconds }),
  });
  boss.on("error", (error: Error) => log.error({ err: error }, "scheduler error"));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, { policy: "stately", expireInSeconds: job.expireInSeconds, retryLimit: 0 });
    await boss.schedule(job.name, job.cron, null, { tz: "UTC" });
    await boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => {
      const started = performance.now();
      try {
        await job.run();
        log.info({ job: job.name, durationMs: Math.round(performance.now() - started) }, "scheduled job done");
      } catch (error) {
        log.error(
          { err: error, job: job.name, durationMs: Math.round(performance.now() - started) },
          "scheduled job failed",
        );
        throw error;
      }
    });
  }
  return {
    async trigger(name) {
      await boss.send(name, null);
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
