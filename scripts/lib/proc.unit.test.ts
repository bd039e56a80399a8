import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { processIds, procFile, procStat } from "./proc.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pli-proc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("reads a process's parent, group and state, even when its name holds spaces and parentheses", async () => {
  const program = path.join(dir, "a) b (c");
  copyFileSync("/bin/sleep", program);
  const child = spawn(program, ["30"], { detached: true, stdio: "ignore" });
  try {
    await new Promise((resolve) => child.once("spawn", resolve));
    expect(processIds()).toContain(child.pid);
    expect(procFile(child.pid!, "comm")?.trim()).toBe("a) b (c");
    const stat = procStat(child.pid!);
    expect(stat).toMatchObject({ ppid: process.pid, pgid: child.pid, state: expect.stringMatching(/^[RS]$/) });
    expect(stat!.startTicks).toBeGreaterThanOrEqual(procStat(process.pid)!.startTicks);
  } finally {
    child.kill("SIGKILL");
  }
  await new Promise((resolve) => child.once("exit", resolve));
  expect(procStat(child.pid!)).toBeUndefined();
});

test("reads the page faults a process took, as the process itself counts them", () => {
  const before = procStat(process.pid)!.minflt;
  const counted = process.resourceUsage().minorPageFault;
  const after = procStat(process.pid)!.minflt;
  expect(before).toBeGreaterThan(0);
  expect(counted).toBeGreaterThanOrEqual(before);
  expect(counted).toBeLessThanOrEqual(after);
});
