import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { processesMarked, stopProcessesMarked } from "./run-processes.ts";

const MARK = "PLI_RUN_PROCESSES_TEST";
const started: ChildProcess[] = [];

/** A process that runs until it is stopped, with `env` added to its environment. */
function idle(env: Record<string, string>, ignoreTerm = false): ChildProcess {
  const script = ignoreTerm
    ? "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"
    : "setInterval(() => {}, 1000)";
  const child = spawn(process.execPath, ["-e", script], { env: { ...process.env, ...env }, stdio: "ignore" });
  started.push(child);
  return child;
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
    const mine = idle({ [MARK]: run });
    const stubborn = idle({ [MARK]: run }, true);
    const other = idle({ [MARK]: `${run}-other` });
    const unmarked = idle({});
    const grandparent = spawn(
      "sh",
      ["-c", `${JSON.stringify(process.execPath)} -e "setInterval(() => {}, 1000)" & wait`],
      { env: { ...process.env, [MARK]: run }, stdio: "ignore" },
    );
    started.push(grandparent);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(processesMarked(MARK, run)).toHaveLength(4);

    expect(await stopProcessesMarked(MARK, run)).toBe(4);
    expect(await exited(mine)).toBe("SIGTERM");
    expect(await exited(stubborn)).toBe("SIGKILL");
    await exited(grandparent);
    expect(processesMarked(MARK, run)).toEqual([]);
    expect(other.exitCode ?? other.signalCode).toBeNull();
    expect(unmarked.exitCode ?? unmarked.signalCode).toBeNull();
  });

  it("finds nothing to stop for a run that left nothing", async () => {
    expect(await stopProcessesMarked(MARK, randomBytes(4).toString("hex"))).toBe(0);
  });
});
