import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { processesMarked, stopProcessesMarked } from "./run-processes.ts";

const MARK = "PLI_RUN_PROCESSES_TEST";
const started: ChildProcess[] = [];

/**
 * A process that runs until it is stopped, with `env` added to its environment; `ready` settles once it runs its
 * script (a process that ignores SIGTERM has its handler by then: on a busy machine Node takes more than a moment to
 * start, and a signal sent before would end it as any other).
 */
function idle(env: Record<string, string>, ignoreTerm = false): { child: ChildProcess; ready: Promise<void> } {
  const script = `${ignoreTerm ? "process.on('SIGTERM', () => {}); " : ""}console.log("ready"); setInterval(() => {}, 1000)`;
  const child = spawn(process.execPath, ["-e", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "ignore"],
  });
  started.push(child);
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", () => reject(new Error("the process ended before it was ready")));
  });
  return { child, ready };
}

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
    else child.once("exit", (_, signal) => resolve(signal));
  });

afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});

describe("stopProcessesMarked", () => {
  it("stops the processes of the run, those started by its processes included, and no others", async () => {
    const run = randomBytes(4).toString("hex");
    const processes = [idle({ [MARK]: run }), idle({ [MARK]: run }, true), idle({ [MARK]: `${run}-other` }), idle({})];
    const [mine, stubborn, other, unmarked] = processes.map(({ child }) => child) as [
      ChildProcess,
      ChildProcess,
      ChildProcess,
      ChildProcess,
    ];
    const grandparent = spawn(
      "sh",
      ["-c", `${JSON.stringify(process.execPath)} -e 'console.log("ready"); setInterval(() => {}, 1000)' & wait`],
      { env: { ...process.env, [MARK]: run }, stdio: ["ignore", "pipe", "ignore"] },
    );
    started.push(grandparent);
    await Promise.all([
      ...processes.map(({ ready }) => ready),
      new Promise((resolve) => grandparent.stdout!.once("data", resolve)),
    ]);
    expect(processesMarked(MARK, run)).toHaveLength(4);

    expect(await stopProcessesMarked(MARK, run)).toBe(4);
    expect(await exited(mine)).toBe("SIGTERM");
    expect(await exited(stubborn)).toBe("SIGKILL");
    await exited(grandparent);
    expect(processesMarked(MARK, run)).toEqual([]);
    expect(other.exitCode ?? other.signalCode).toBeNull();
    expect(unmarked.exitCode ?? unmarked.signalCode).toBeNull();
    // Five Node processes to start and the stubborn one's 3 s of grace: more than the unit tests' 5 s on a busy machine.
  }, 30_000);

  it("finds nothing to stop for a run that left nothing", async () => {
    expect(await stopProcessesMarked(MARK, randomBytes(4).toString("hex"))).toBe(0);
  });
});
