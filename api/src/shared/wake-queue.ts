/** Work run in this process when woken; the scheduler's job does the same work for anything a wake missed. */
export interface WakeQueue {
  wake(): void;
}

/**
 * Runs `task` when woken, one run at a time: a wake during a run runs it once more after it (the wakes in between
 * coalesce). A failed run is told to `onError` and never stops later wakes.
 */
export function wakeQueueOf(task: () => Promise<unknown>, onError: (error: unknown) => void): WakeQueue {
  let running = false;
  let again = false;
  const run = () => {
    running = true;
    task()
      .catch(onError)
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
