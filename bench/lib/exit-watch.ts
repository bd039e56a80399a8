/**
 * Says at once when a child of the bench ends before the bench stops it: its name, pid, exit code and signal. A
 * process that ends silently (an empty log) is otherwise seen only later, as a figure that cannot be read.
 */
import type { ChildProcess } from "node:child_process";

let stopping = false;

/** From now on the bench stops its children itself: their ends are expected. */
export function stoppingChildren(): void {
  stopping = true;
}

/** Prints how `child` ended if it ends before stoppingChildren(), and hands that to `onEnd`. */
export function watchExit(
  name: string,
  child: ChildProcess,
  onEnd?: (ended: { code: number | null; signal: NodeJS.Signals | null }) => void,
): void {
  child.once("exit", (code, signal) => {
    onEnd?.({ code, signal });
    if (!stopping) console.error(`${name} (pid ${child.pid}) exited: code ${code}, signal ${signal}`);
  });
}
