import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";

export interface Service {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code (or signal) once the process group leader has exited. */
  exited: Promise<number | string>;
  /** SIGTERM to the whole process group, SIGKILL after `graceMs`. */
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
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
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
      signalGroup(child.pid, "SIGKILL");
    },
  };
}
