import type { Log } from "../shared/logger.ts";

/** How far the open streams must have fallen below the most open at once before their memory is given back. */
export const RELEASE_AFTER_CLOSED = 1_000;
/** How long no stream may open or close first: a crowd that leaves (a proxy restarting, a network cut) takes seconds. */
export const RELEASE_QUIET_MS = 5_000;

/**
 * Gives back the memory of a crowd of streams once it has gone: calls `release` once the open streams (`open()`) have
 * fallen RELEASE_AFTER_CLOSED or more below their high-water mark and none has opened or closed for RELEASE_QUIET_MS,
 * then counts the high-water mark from there. Steady streaming, and streams closing a few at a time, never call it.
 */
export class CrowdWatch {
  private most = 0;
  private quiet: NodeJS.Timeout | undefined;

  constructor(
    private readonly open: () => number,
    private readonly release: () => void,
  ) {}

  /** A stream opened or closed. */
  changed(): void {
    const open = this.open();
    if (open > this.most) this.most = open;
    if (this.quiet) this.quiet.refresh();
    else if (this.most - open >= RELEASE_AFTER_CLOSED) {
      this.quiet = setTimeout(() => this.quietFor(), RELEASE_QUIET_MS);
      this.quiet.unref();
    }
  }

  private quietFor() {
    this.quiet = undefined;
    const open = this.open();
    if (this.most - open < RELEASE_AFTER_CLOSED) return;
    this.most = open;
    this.release();
  }
}

/**
 * One full garbage collection that also returns V8's emptied pages to the system (the "last-resort" flavour: on Node 24
 * a regular one frees the heap but keeps its pages pooled, and the resident memory stays where it was), run as a task of
 * its own. It does what V8's memory reducer does when a process goes quiet, which it does not do here: after a crowd of
 * streams closed, the reducer judged the allocation rate high at each of its checks and no collection fell due. Undefined,
 * said once in the log, where node runs without `--expose-gc` (the `api` image's command, `npm start` and the benches
 * give it).
 */
export function fullCollection(log: Log): (() => void) | undefined {
  const gc = globalThis.gc;
  if (!gc) {
    log.info("node runs without --expose-gc: the memory of closed live streams is left to V8's own collections");
    return undefined;
  }
  return () => {
    const before = process.memoryUsage();
    const started = performance.now();
    void gc({ type: "major", execution: "async", flavor: "last-resort" }).then(() => {
      const after = process.memoryUsage();
      log.info(
        {
          ms: Math.round(performance.now() - started),
          heapMb: [before.heapUsed, after.heapUsed].map((bytes) => Math.round(bytes / 2 ** 20)),
          rssMb: [before.rss, after.rss].map((bytes) => Math.round(bytes / 2 ** 20)),
        },
        "live streams: a crowd closed, memory given back by a full collection",
      );
    });
  };
}
