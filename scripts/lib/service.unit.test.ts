import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { procStat } from "./proc.ts";
import { leftInGroup, startService, ticksSinceBoot } from "./service.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pli-service-"));
const started: number[] = [];
afterAll(() => {
  for (const pid of started)
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  rmSync(dir, { recursive: true, force: true });
});

/** Whether `pid` still runs: a killed process whose parent has not collected it yet (a zombie) does not. */
const alive = (pid: number) => {
  const state = procStat(pid)?.state;
  return state !== undefined && state !== "Z";
};

async function gone(pid: number) {
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(20);
  return !alive(pid);
}

describe("a service's stop", () => {
  it("stops what its leader left running after the leader exited", async () => {
    let output = "";
    const service = startService({
      name: "leaves a child",
      command: "sh",
      args: ["-c", "sleep 300 & echo $!"],
      logFile: path.join(dir, "leaves.log"),
      onOutput: (chunk) => (output += chunk),
    });
    expect(await service.exited).toBe(0);
    const child = Number(output.trim());
    started.push(child);
    expect(alive(child)).toBe(true);
    await service.stop();
    expect(await gone(child)).toBe(true);
  });

  it("counts in a group only the processes started by the leader's exit, not a later group under its number", async () => {
    const before = ticksSinceBoot()!;
    await sleep(50);
    const later = spawn("sleep", ["300"], { detached: true, stdio: "ignore" });
    started.push(later.pid!);
    await sleep(50);
    expect(leftInGroup(later.pid!, before)).toEqual([]);
    expect(leftInGroup(later.pid!, ticksSinceBoot()!)).toEqual([later.pid]);
  });
});
