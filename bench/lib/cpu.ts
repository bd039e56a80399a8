import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in ms, and its parent's pid; undefined once it is gone. */
function stat(pid: number): { ms: number; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND, ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** CPU time in ms used so far by `pid` and, with `children`, by its direct children (Postgres' backends). */
export function cpuMs(pid: number, { children = false } = {}): number {
  let total = stat(pid)?.ms ?? 0;
  if (!children) return total;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === pid) total += child.ms;
  }
  return total;
}
