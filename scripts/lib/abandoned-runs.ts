import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { procFile, procStat } from "./proc.ts";
import { processesByMark, stopProcessesMarked } from "./run-processes.ts";

/**
 * Whether `pid` is a test run's runner still going: `npm test`'s (scripts/test.ts) or a Vitest run of its own. A pid
 * another program took since is not.
 */
export function isTestRunner(pid: number): boolean {
  const state = procStat(pid)?.state;
  if (state === undefined || state === "Z") return false;
  const commandLine = procFile(pid, "cmdline") ?? "";
  return commandLine.includes("scripts/test.ts") || commandLine.includes("vitest");
}

/**
 * The name of a run's folder that says which runner made it (`<prefix><pid>-…`), so that a later run can tell whether
 * that runner is gone.
 */
export const runFolderPrefix = (prefix: string, pid = process.pid) => `${prefix}${pid}-`;

/** Where a run leaves folders named by its runner (runFolderPrefix): each parent with the names' prefix. */
export interface RunFolders {
  parent: string;
  prefix: string;
}

/**
 * Clears what earlier test runs left when their runner was killed (SIGKILL, a closed terminal) and had no time for its
 * own teardown: the processes carrying their run's mark `markName` (a run id starting with the runner's pid), which
 * would run on reparented to init, and the folders of `folders` named by a runner that is gone. Runs whose runner still
 * goes (another `npm test` on the same machine) are left alone. Returns what it cleared.
 */
export async function clearAbandonedRuns(
  markName: string,
  folders: readonly RunFolders[],
): Promise<{ processes: number; folders: number }> {
  let processes = 0;
  for (const runId of processesByMark(markName).keys()) {
    if (isTestRunner(Number(runId.split("-")[0]))) continue;
    processes += await stopProcessesMarked(markName, runId);
  }
  let removed = 0;
  for (const { parent, prefix } of folders) {
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const runner = name.slice(prefix.length).split("-")[0]!;
      if (!/^\d+$/.test(runner) || isTestRunner(Number(runner))) continue;
      rmSync(path.join(parent, name), { recursive: true, force: true });
      removed += 1;
    }
  }
  return { processes, folders: removed };
}
