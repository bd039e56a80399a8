import { execFileSync } from "node:child_process";
import { processIds, procStat } from "../../scripts/lib/proc.ts";

/** The process ids whose parent is `pid` (a Postgres server's backends and its own workers). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const child of processIds()) if (procStat(child)?.ppid === pid) children.push(child);
  return children;
}

/** Runs `command` for `pid` and each of its direct children; one that ended meanwhile is skipped. */
function forTree(pid: number, command: (target: number) => [string, ...string[]]) {
  for (const target of [pid, ...childrenOf(pid)]) {
    const [program, ...args] = command(target);
    try {
      execFileSync(program, args, { stdio: "ignore" });
    } catch {
      // The child ended between the listing and the command.
    }
  }
}

/**
 * Restricts `pid`, every thread of it and its direct children (`taskset -a -p`) to the CPUs `cpus` names
 * (`taskset`'s list, e.g. "0" or "0,1"); processes the server forks later inherit it (Postgres' new backends).
 */
export function pin(pid: number, cpus: string): void {
  forTree(pid, (target) => ["taskset", "-a", "-p", "-c", cpus, String(target)]);
}

/** The niceness the bench's own processes run at, above the machine's other work (root may lower it). */
export const BENCH_NICENESS = -10;

/**
 * Runs `pid`, its threads and its direct children at BENCH_NICENESS, as if the bench had the machine to itself: on a
 * machine shared with other work, a core the bench keeps busy would otherwise push that work onto the other core.
 */
export function favour(pid: number): void {
  forTree(pid, (target) => [
    "sh",
    "-c",
    `for task in /proc/${target}/task/*; do renice -n ${BENCH_NICENESS} -p "\${task##*/}"; done`,
  ]);
}
