import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

const toMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/**
 * utime + stime of a process in ms, the same of its children that have ended and been waited for (cutime + cstime),
 * and its parent's pid; undefined once it is gone.
 */
function stat(pid: number): { ms: number; endedChildrenMs: number; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return {
      ms: toMs(Number(fields[11]) + Number(fields[12])),
      endedChildrenMs: toMs(Number(fields[13]) + Number(fields[14])),
      ppid: Number(fields[1]),
    };
  } catch {
    return undefined;
  }
}

/**
 * CPU time in ms used so far by `pid` and, with `children`, by its direct children (Postgres' backends), those that
 * have ended too: a backend that exits between two readings would otherwise take its CPU out of the sum.
 */
export function cpuMs(pid: number, { children = false } = {}): number {
  const own = stat(pid);
  if (!children) return own?.ms ?? 0;
  let total = (own?.ms ?? 0) + (own?.endedChildrenMs ?? 0);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === pid) total += child.ms;
  }
  return total;
}
