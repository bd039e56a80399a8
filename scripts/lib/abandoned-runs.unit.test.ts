import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { clearAbandonedRuns, isTestRunner } from "./abandoned-runs.ts";

const MARK = "PLI_ABANDONED_RUNS_TEST";
const dir = mkdtempSync(path.join(tmpdir(), "pli-abandoned-"));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const idle = (mark: string) => {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
    env: { ...process.env, [MARK]: mark },
    stdio: "ignore",
  });
  started.push(child);
  return child;
};

/** The pid of a process that has ended: a runner killed before it could clear up. */
async function endedPid(): Promise<number> {
  const child = spawn("true");
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

test("a run whose runner is gone has its processes stopped and its folders removed; a running one keeps them", async () => {
  const gone = await endedPid();
  expect(isTestRunner(gone)).toBe(false);
  expect(isTestRunner(process.pid)).toBe(true);
  const abandoned = idle(`${gone}-aaaa`);
  const running = idle(`${process.pid}-bbbb`);
  const exited = new Promise((resolve) => abandoned.once("exit", resolve));
  for (const name of [`run-${gone}-x`, `run-${process.pid}-y`, "run-notapid-z", "other"]) {
    mkdirSync(path.join(dir, name));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));

  expect(await clearAbandonedRuns(MARK, [{ parent: dir, prefix: "run-" }])).toEqual({ processes: 1, folders: 1 });
  await exited;
  expect(running.exitCode).toBeNull();
  expect(running.signalCode).toBeNull();
  expect(readdirSync(dir).sort()).toEqual(["other", `run-${process.pid}-y`, "run-notapid-z"].sort());
});
