import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { processIds } from "./proc.ts";

/**
 * The processes, other than this one, whose environment holds `name=value`: every process a run started carries its
 * mark, whatever it was started by (a lane, a test's stack, the browser), since each inherits its parent's environment.
 */
export function processesMarked(name: string, value: string): number[] {
  const mark = Buffer.from(`\0${name}=${value}\0`);
  const marked: number[] = [];
  for (const pid of processIds()) {
    if (pid === process.pid) continue;
    let environment: Buffer;
    try {
      environment = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue;
    }
    if (Buffer.concat([Buffer.from("\0"), environment]).includes(mark)) marked.push(pid);
  }
  return marked;
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // It ended meanwhile.
  }
};

/** How long the marked processes have to end after SIGTERM (Postgres's shutdown, a stack's own teardown). */
const TERM_GRACE_MS = 3_000;

/**
 * Stops every process marked `name=value` (processesMarked): SIGTERM, then SIGKILL for any still running after
 * TERM_GRACE_MS. Returns how many there were. For what a run leaves behind when its lanes were killed or crashed:
 * their test stacks' Postgres, anvil, Ponder and API processes would otherwise run on, reparented to init.
 */
export async function stopProcessesMarked(name: string, value: string): Promise<number> {
  const left = processesMarked(name, value);
  for (const pid of left) signal(pid, "SIGTERM");
  const deadline = Date.now() + TERM_GRACE_MS;
  while (processesMarked(name, value).length > 0 && Date.now() < deadline) await sleep(100);
  for (const pid of processesMarked(name, value)) signal(pid, "SIGKILL");
  return left.length;
}
