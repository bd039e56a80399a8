import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { processIds } from "./proc.ts";

/**
 * The processes, other than this one, whose environment holds `name=value`: every process a run started carries its
 * mark, whatever it was started by (a lane, a test's stack, the browser), since each inherits its parent's environment.
 */
export function processesMarked(name: string, value: string): number[] {
  return processesByMark(name).get(value) ?? [];
}

/** The processes, other than this one, whose environment holds `name`, by its value. */
export function processesByMark(name: string): Map<string, number[]> {
  const byValue = new Map<string, number[]>();
  const prefix = `${name}=`;
  for (const pid of processIds()) {
    if (pid === process.pid) continue;
    let environment: string;
    try {
      environment = readFileSync(`/proc/${pid}/environ`, "utf8");
    } catch {
      continue;
    }
    const entry = environment.split("\0").find((variable) => variable.startsWith(prefix));
    if (entry === undefined) continue;
    const value = entry.slice(prefix.length);
    byValue.set(value, [...(byValue.get(value) ?? []), pid]);
  }
  return byValue;
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
