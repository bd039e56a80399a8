/** Resolves in a later task of the event loop (a message, which hidden tabs do not throttle the way they do timers). */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Runs each step in its own task, the first one after the task that called it. Starting the app (evaluating its
 * scripts, creating the React root, creating the router, rendering) in one task blocked the main thread for hundreds
 * of milliseconds on a phone: Lighthouse's total blocking time counts every task's time past 50 ms, so the same work
 * in several shorter tasks blocks far less, and input that arrives in between is handled.
 */
export async function startInTasks(steps: readonly (() => void)[]): Promise<void> {
  for (const step of steps) {
    await nextTask();
    step();
  }
}
