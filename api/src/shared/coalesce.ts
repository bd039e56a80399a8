/** Work that runs one run at a time, however often it is asked for. */
export interface Coalesced<T> {
  /**
   * Runs the work: at once when idle, else once after the run under way (every call made meanwhile shares that next
   * run). Resolves (or rejects) with the first run that started after the call.
   */
  run(): Promise<T>;
  /** Runs the work as `run` does, its failure told to `onError` only: for callers that do not wait. */
  wake(): void;
  /** Resolves once no run is under way or waiting. */
  settled(): Promise<void>;
}

/**
 * The one "one run at a time" of the API (the outbox's claims, the named handlers, the indexer listener's scans): a
 * call during a run asks for one more run after it, so calls that come faster than the work fold into the next run
 * and never pile up (each would hold a database connection). A failed run is told to `onError` once and never stops
 * later runs.
 */
export function coalesced<T>(task: () => Promise<T>, onError: (error: unknown) => void): Coalesced<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const run = (async () => task())();
    running = run;
    void run.then(
      () => {
        if (running === run) running = null;
      },
      (error: unknown) => {
        if (running === run) running = null;
        onError(error);
      },
    );
    return run;
  };
  const run = (): Promise<T> => {
    if (next) return next;
    if (!running) return start();
    const after = running;
    next = after
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
  return {
    run,
    wake() {
      run().catch(() => undefined);
    },
    async settled() {
      while (running || next) await (next ?? running)!.catch(() => undefined);
    },
  };
}
