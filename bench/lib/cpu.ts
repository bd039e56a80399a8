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

/** The pages the fault probe touches: 256 MB of 4 KiB pages. */
const FAULT_PROBE_PAGES = 65_536;

/**
 * What a page fault costs this machine at the moment, in microseconds of wall time: 256 MB mapped and written one byte
 * per 4 KiB page, each write a fault that maps a zeroed page. On a bare machine a fault costs about 0.2 to 0.5 us; in a
 * VM whose hypervisor shadows the guest's page tables each one traps to the host, and every process start, heap growth
 * and copy-on-write after a fork pays that price, CPU time that the speed probe (pure computation) does not see.
 */
export function pageFaultProbeUs(): number {
  const before = process.resourceUsage().minorPageFault;
  const start = process.hrtime.bigint();
  const pages = Buffer.allocUnsafeSlow(FAULT_PROBE_PAGES * 4096);
  for (let page = 0; page < FAULT_PROBE_PAGES; page++) pages[page * 4096] = 1;
  const elapsedUs = Number(process.hrtime.bigint() - start) / 1000;
  const faults = process.resourceUsage().minorPageFault - before;
  if (faults < FAULT_PROBE_PAGES / 2) throw new Error(`the fault probe took ${faults} faults`);
  return elapsedUs / faults;
}
