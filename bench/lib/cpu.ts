import { createHash } from "node:crypto";
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

/**
 * This machine's speed at the moment: the CPU ms a fixed piece of work takes in this process (SHA-256 over 300 MB,
 * then 300 million steps of arithmetic). This VM's speed drifts by up to twice between hours, and every benchmark's
 * figures and the test suite's time drift with it: a run's figures are read beside the probe's.
 */
export function speedProbeMs(): number {
  const start = process.cpuUsage();
  const block = Buffer.alloc(1 << 20);
  for (let i = 0; i < 300; i++) createHash("sha256").update(block).digest();
  let sum = 0;
  for (let i = 0; i < 3e8; i++) sum += i % 7;
  if (sum !== 899999997) throw new Error(`the speed probe summed ${sum}`);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
