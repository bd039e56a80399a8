import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { processIds, procStat, TICKS_PER_SECOND } from "./proc.ts";

export interface Service {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code (or signal) once the process group leader has exited. */
  exited: Promise<number | string>;
  /**
   * SIGTERM to the whole process group, SIGKILL after `graceMs`; then SIGKILL to whatever the group's leader left
   * running (never to a later process given its number).
   */
  stop(graceMs?: number): Promise<void>;
}

export interface ServiceOptions {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Every line the service prints goes to this file. */
  logFile: string;
  /** Also hands each output chunk to this callback. */
  onOutput?: (chunk: string) => void;
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Clock ticks since boot now, as a process's start is counted; undefined without /proc. */
export function ticksSinceBoot(): number | undefined {
  try {
    return Math.ceil(Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]) * TICKS_PER_SECOND);
  } catch {
    return undefined;
  }
}

/**
 * The processes of group `pgid` started by `ticks` (since boot): what its leader, gone at that moment, left running.
 * Once the leader has exited and nothing of its group is left, Linux may give its pid to a new process, which may lead
 * a group of its own under that number: its processes all started later, so they are never in the list. Undefined
 * without /proc.
 */
export function leftInGroup(pgid: number, ticks: number): number[] | undefined {
  const pids = processIds();
  if (pids.length === 0) return undefined;
  return pids.filter((pid) => {
    const stat = procStat(pid);
    return stat !== undefined && stat.pgid === pgid && stat.startTicks <= ticks;
  });
}

/** SIGKILL to what the group's leader, exited at `exitTicks`, left running (see leftInGroup). */
function killLeftovers(pgid: number, exitTicks: number | undefined) {
  const left = exitTicks === undefined ? undefined : leftInGroup(pgid, exitTicks);
  if (!left) return signalGroup(pgid, "SIGKILL");
  for (const pid of left)
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone meanwhile.
    }
}

/** Spawns a child in its own process group so that stopping it also stops anything it started. */
export function startService(options: ServiceOptions): Service {
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: "a" });
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const forward = (chunk: Buffer) => {
    log.write(chunk);
    options.onOutput?.(chunk.toString());
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  let exitTicks: number | undefined;
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => {
      exitTicks = ticksSinceBoot();
      resolve(code ?? signal ?? "unknown");
    });
  });
  // The output can still be arriving when the exit is seen: the log ends once the pipes close, so no last line is lost.
  child.once("close", () => log.end());
  let done = false;
  void exited.then(() => (done = true));
  return {
    name: options.name,
    process: child,
    exited,
    async stop(graceMs = 10_000) {
      if (!child.pid) return;
      if (!done) {
        signalGroup(child.pid, "SIGTERM");
        const timer = setTimeout(() => signalGroup(child.pid!, "SIGKILL"), graceMs);
        await exited;
        clearTimeout(timer);
      }
      killLeftovers(child.pid, exitTicks);
    },
  };
}
