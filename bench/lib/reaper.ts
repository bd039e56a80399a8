/**
 * A watch over a bench's children that outlives the bench. The bench's Postgres, anvil, indexer, API and nginx each
 * run in a process group of their own (so that a stop reaches what they started, and a terminal's Ctrl-C does not stop
 * them before the bench has measured its last figure), and a bench that was stopped (Ctrl-C, SIGTERM, SIGKILL) used to
 * leave them running. The reaper is a process of its own in its own group, told of each group and folder as the bench
 * makes it; when its channel to the bench closes, however the bench ended, it signals each group whose leader is still
 * the process it was told of (each with its own stopping signal; process ids come round again within minutes on a busy
 * machine, so a leader is known by its id and start time), kills what has not exited 15 s later, and removes the
 * folders. A bench that stopped everything itself says so (done), and the reaper leaves without a signal.
 */
import { fork } from "node:child_process";
import { rmSync } from "node:fs";
import { procStat } from "../../scripts/lib/proc.ts";

type ReaperCommand =
  { kind: "group"; pid: number; signal: NodeJS.Signals } | { kind: "folder"; path: string } | { kind: "done" };
const READY = "ready";

const GRACE_MS = 15_000;

export interface Reaper {
  /** Stops the process group led by `pid` with `signal` (SIGKILL after 15 s) if the bench ends before it does. */
  group(name: string, pid: number | undefined, signal?: NodeJS.Signals): void;
  /** Removes `path` once the bench has ended. */
  folder(path: string): void;
  /** The bench stopped its children and removed its folders itself: the reaper leaves them be. */
  done(): void;
}

/** Starts the reaper of this process's children, once it listens; it never keeps this process alive. */
export async function startReaper(): Promise<Reaper> {
  const child = fork(import.meta.filename, [], {
    execArgv: ["--import", "tsx"],
    detached: true,
    stdio: ["ignore", "ignore", "ignore", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the reaper exited with code ${code} before it listened`)));
  });
  child.unref();
  child.channel?.unref();
  const send = (command: ReaperCommand) => child.send(command);
  return {
    group: (name, pid, signal = "SIGTERM") => {
      if (pid === undefined) throw new Error(`${name} has no process id: it did not start`);
      send({ kind: "group", pid, signal });
    },
    folder: (path) => send({ kind: "folder", path }),
    done: () => send({ kind: "done" }),
  };
}

/** When `pid` started (clock ticks after boot), or undefined when there is no such process. */
function startTime(pid: number): number | undefined {
  return procStat(pid)?.startTicks;
}
const signalGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
};

interface Group {
  signal: NodeJS.Signals;
  started: number | undefined;
}

async function reap(groups: Map<number, Group>, folders: string[]) {
  const ours = (pid: number) => startTime(pid) === groups.get(pid)!.started;
  const left = [...groups.keys()].filter(ours);
  for (const pid of left) signalGroup(pid, groups.get(pid)!.signal);
  const deadline = Date.now() + GRACE_MS;
  while (left.some(ours) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const pid of left.filter(ours)) signalGroup(pid, "SIGKILL");
  for (const path of folders) rmSync(path, { recursive: true, force: true });
}

if (process.argv[1] === import.meta.filename && process.send) {
  const groups = new Map<number, Group>();
  const folders: string[] = [];
  process.on("message", (command: ReaperCommand) => {
    if (command.kind === "group") groups.set(command.pid, { signal: command.signal, started: startTime(command.pid) });
    else if (command.kind === "folder") folders.push(command.path);
    else process.exit(0);
  });
  process.once("disconnect", () => void reap(groups, folders).finally(() => process.exit(0)));
  process.send(READY);
}
