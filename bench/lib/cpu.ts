import { processIds, procStat, TICKS_PER_SECOND } from "../../scripts/lib/proc.ts";

const toMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/**
 * CPU time in ms used so far by `pid` and, with `children`, by its direct children (Postgres' backends), those that
 * have ended too: a backend that exits between two readings would otherwise take its CPU out of the sum.
 */
export function cpuMs(pid: number, { children = false } = {}): number {
  const own = procStat(pid);
  if (!children) return toMs((own?.utime ?? 0) + (own?.stime ?? 0));
  let ticks = (own?.utime ?? 0) + (own?.stime ?? 0) + (own?.cutime ?? 0) + (own?.cstime ?? 0);
  for (const child of processIds()) {
    const stat = procStat(child);
    if (stat?.ppid === pid) ticks += stat.utime + stat.stime;
  }
  return toMs(ticks);
}
