import type { RawBuilder } from "kysely";
import type { ScheduledJob } from "../scheduler/scheduler.ts";
import { coalesced, type Coalesced } from "./coalesce.ts";
import type { Log } from "./logger.ts";

/**
 * What makes a named handler run, besides its schedule. One wake path: the indexer listener tells `indexed` (each
 * newly indexed range, from Ponder's checkpoint notification) and `announced` (the database announced changed
 * records); a route or a handler that recorded outgoing work wakes the handler that sends it by name.
 */
export type Trigger = "indexed" | "announced" | "started";

export interface Handler {
  name: string;
  /** The triggers it runs on (a handler woken by name only lists none). */
  on: readonly Trigger[];
  /**
   * With `announced` among its triggers: the kinds of records an announcement must name to run it (any announcement
   * when absent), so a change the handler cannot act on does not make it read.
   */
  announcedTopics?: readonly string[];
  /**
   * With `indexed` among its triggers: the topics an indexed range must have changed to run it (every range, one that
   * changed nothing included, when absent). On XDC a block comes every two seconds, most of them changing nothing.
   */
  indexedTopics?: readonly string[];
  /**
   * Whether an indexed range's live event waits for this run, given the topics that changed in the range (a page the
   * event refreshes should show what the handler wrote); it does not wait when absent.
   */
  beforeEvent?: (topics: readonly string[]) => boolean;
  /**
   * With beforeEvent: whether a run would find anything to do, as an SQL condition the indexer listener reads in its
   * scan's own round trip. A range whose check is false neither waits for the handler nor runs it (what becomes due
   * later comes with its own trigger, or the schedule's run).
   */
  due?: () => RawBuilder<boolean>;
  /** A pg-boss schedule (one instance runs it at a time): for anything a wake missed, and for work on a clock. */
  schedule?: { job: string; cron: string; expireInSeconds: number };
  run(): Promise<unknown>;
  /** Handlers woken after each run: the senders of the outgoing work it may have recorded. */
  wakes?: readonly string[];
}

/** A handler's due check (Handler.due) by the handler's name, as the indexer listener reads it in its scan. */
export interface DueCheck {
  name: string;
  check: RawBuilder<boolean>;
}

export interface Handlers {
  /**
   * Runs every handler on `trigger` (for `announced` and `indexed`, those whose announcedTopics or indexedTopics meet
   * `topics`); resolves once those the event waits for (beforeEvent) have run. The others start once those have
   * ended: the event waits on the first alone, which then have the database and the CPU to themselves. A handler whose
   * due check `due` read false does not run.
   */
  trigger(trigger: Trigger, topics?: readonly string[], due?: ReadonlyMap<string, boolean>): Promise<void>;
  /** The due checks (Handler.due) of the handlers an indexed range's event may wait for, by handler name. */
  dueChecks(): DueCheck[];
  /** Runs the handler `name` soon (a run under way runs once more after it), without waiting. */
  wake(name: string): void;
  /** Runs the handler `name` and resolves once a run that started after the call has ended. */
  run(name: string): Promise<void>;
  /** The pg-boss jobs of the handlers with a schedule. */
  scheduledJobs(): ScheduledJob[];
  /** Resolves once no handler runs or waits to. */
  settled(): Promise<void>;
}

/**
 * The named handlers of api/src/handlers.ts, each run one run at a time (shared/coalesce.ts): a trigger during a run
 * folds into one more run after it. A failed run is logged with the handler's name and never stops later ones.
 * `onWake` replaces running when given (the test app counts wakes; its tests run handlers themselves).
 */
export function handlerRunner(list: readonly Handler[], log: Log, onWake?: (name: string) => void): Handlers {
  const byName = new Map<string, { handler: Handler; runs: Coalesced<void> }>();
  const runOf = (name: string) => {
    const entry = byName.get(name);
    if (!entry) throw new Error(`no handler named ${name}`);
    return entry;
  };
  const wake = (name: string) => {
    runOf(name);
    if (onWake) onWake(name);
    else runOf(name).runs.wake();
  };
  for (const handler of list) {
    if (byName.has(handler.name)) throw new Error(`two handlers named ${handler.name}`);
    byName.set(handler.name, {
      handler,
      runs: coalesced(
        async () => {
          await handler.run();
          for (const next of handler.wakes ?? []) wake(next);
        },
        (error) => log.error({ err: error, handler: handler.name }, "handler failed"),
      ),
    });
  }
  return {
    async trigger(trigger, topics = [], due) {
      const waited: Promise<void>[] = [];
      const later: Coalesced<void>[] = [];
      for (const { handler, runs } of byName.values()) {
        if (!handler.on.includes(trigger) || due?.get(handler.name) === false) continue;
        const wanted =
          trigger === "announced" ? handler.announcedTopics : trigger === "indexed" ? handler.indexedTopics : undefined;
        if (wanted && !topics.some((topic) => wanted.includes(topic))) continue;
        if (handler.beforeEvent?.(topics)) waited.push(runs.run());
        else later.push(runs);
      }
      try {
        await Promise.all(waited);
      } finally {
        for (const runs of later) runs.wake();
      }
    },
    dueChecks: () =>
      [...byName.values()].flatMap(({ handler }) =>
        handler.due && handler.beforeEvent && handler.on.includes("indexed")
          ? [{ name: handler.name, check: handler.due() }]
          : [],
      ),
    wake,
    run: (name) => runOf(name).runs.run(),
    scheduledJobs: () =>
      [...byName.values()].flatMap(({ handler, runs }) =>
        handler.schedule ? [{ name: handler.schedule.job, ...handler.schedule, run: () => runs.run() }] : [],
      ),
    async settled() {
      for (const { runs } of byName.values()) await runs.settled();
    },
  };
}
