import { readdirSync, readFileSync } from "node:fs";

/** What a process's /proc/<pid>/stat says of it, by the fields' meaning (proc(5)); times in clock ticks. */
export interface ProcStat {
  /** Its state: R running, S sleeping, Z ended but not yet waited for (a zombie), and so on. */
  state: string;
  ppid: number;
  pgid: number;
  /** Page faults the process took that read nothing from the disk (a page mapped, zeroed or copied). */
  minflt: number;
  /** User and system time of the process itself. */
  utime: number;
  stime: number;
  /** User and system time of its children that have ended and been waited for. */
  cutime: number;
  cstime: number;
  /** When it started, in clock ticks since boot. */
  startTicks: number;
}

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

/** The ids of the processes running now; empty without /proc. */
export function processIds(): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  return entries.filter((entry) => /^\d+$/.test(entry)).map(Number);
}

/** A file of /proc/<pid>/ as text, or undefined once the process is gone (or the file cannot be read). */
export function procFile(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return undefined;
  }
}

/** The stat of `pid`, or undefined once it is gone. Its name may hold spaces and parentheses: read after the last. */
export function procStat(pid: number): ProcStat | undefined {
  const text = procFile(pid, "stat");
  if (text === undefined) return undefined;
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const number = (index: number) => Number(fields[index]);
  return {
    state: fields[0]!,
    ppid: number(1),
    pgid: number(2),
    minflt: number(7),
    utime: number(11),
    stime: number(12),
    cutime: number(13),
    cstime: number(14),
    startTicks: number(19),
  };
}
