/**
 * Where the CPU of `npm test` goes: runs it (arguments pass through, e.g. file filters) and reads /proc twice a second
 * for every process it started, directly or not, summing each one's user + system time by kind (chromium by its
 * process type, Postgres, anvil, Ponder, the API, Vitest's workers, esbuild, …). Prints the wall time, the CPU seconds
 * per kind (with the part of it spent in the kernel and the page faults taken) and the share of the machine's cores the
 * run used: a run that keeps every core busy is bound by its CPU, and only less work makes it faster. A process that
 * starts and ends between two reads is missed. The machine's speed probe and page-fault probe (bench/lib/cpu.ts) run
 * before and after, and the run's CPU is also given in probes, to set runs of a fast and a slow hour side by side (the
 * speed probe is pure computation; the fault probe times what the kernel's part of the run pays for each fault).
 * `npm run bench:test-cpu` (or `npm run bench:test-cpu -- e2e/` for a part).
 */
import { spawn } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { processIds, procFile, procStat, TICKS_PER_SECOND } from "../scripts/lib/proc.ts";
import { pageFaultProbeUs, speedProbeMs } from "./lib/cpu.ts";

const INTERVAL_MS = 500;

/** The kind a process is counted under, from its command line. */
function kindOf(commandLine: string): string {
  const chromiumType = /--type=([a-z-]+)/.exec(commandLine)?.[1];
  if (/chromium|headless_shell|headless-shell/.test(commandLine)) return `chromium ${chromiumType ?? "browser"}`;
  if (commandLine.startsWith("postgres")) return "postgres";
  if (/\banvil\b/.test(commandLine)) return "anvil";
  if (/ponder|indexer\//.test(commandLine)) return "ponder (indexer)";
  if (/esbuild/.test(commandLine)) return "esbuild";
  if (/api\/src\/server\.ts|api\/dist\/server\.js|\.test-dist-[^/]+\/server\.js/.test(commandLine)) return "api";
  if (/vitest/.test(commandLine)) return "vitest (test code, in-process API)";
  if (/\bvite\b/.test(commandLine)) return "vite (web build)";
  if (/docker/.test(commandLine)) return "docker";
  if (/\bnpm\b/.test(commandLine)) return "npm";
  return "other";
}

interface Seen {
  kind: string;
  ticks: number;
  systemTicks: number;
  faults: number;
  /** The program and its first argument, by which the processes counted as "other" are listed. */
  program: string;
}

const tracked = new Map<string, Seen>();
const family = new Set<number>();
const totals = new Map<string, number>();
/** Of each kind's CPU ticks, those spent in the kernel (system calls, page faults, process starts). */
const systemTotals = new Map<string, number>();
/** Each kind's page faults that read nothing from the disk. */
const faultTotals = new Map<string, number>();
/** How many processes of each kind the run started (a chromium renderer per page's site and context). */
const started = new Map<string, number>();
/** The CPU ticks of the processes counted as "other", by program: what the kinds above do not name. */
const otherPrograms = new Map<string, number>();

/** A process's program (its file's name) and first argument, shortened: enough to tell one tool from another. */
const programOf = (commandLine: string) =>
  commandLine
    .split(" ")
    .slice(0, 2)
    .map((part) => path.basename(part).slice(0, 40))
    .join(" ");

function sample(): void {
  for (const pid of processIds()) {
    const stat = procStat(pid);
    const commandLine = procFile(pid, "cmdline")?.replaceAll("\0", " ").trim();
    if (stat === undefined || commandLine === undefined) continue;
    if (!family.has(pid)) {
      if (!family.has(stat.ppid)) continue;
      family.add(pid);
    }
    const ticks = stat.utime + stat.stime;
    const key = `${pid} ${stat.startTicks}`;
    let seen = tracked.get(key);
    if (!seen) {
      seen = { kind: kindOf(commandLine), ticks: 0, systemTicks: 0, faults: 0, program: programOf(commandLine) };
      started.set(seen.kind, (started.get(seen.kind) ?? 0) + 1);
    }
    if (ticks > seen.ticks) {
      totals.set(seen.kind, (totals.get(seen.kind) ?? 0) + ticks - seen.ticks);
      if (seen.kind === "other")
        otherPrograms.set(seen.program, (otherPrograms.get(seen.program) ?? 0) + ticks - seen.ticks);
    }
    seen.ticks = Math.max(seen.ticks, ticks);
    if (stat.stime > seen.systemTicks) {
      systemTotals.set(seen.kind, (systemTotals.get(seen.kind) ?? 0) + stat.stime - seen.systemTicks);
      seen.systemTicks = stat.stime;
    }
    if (stat.minflt > seen.faults) {
      faultTotals.set(seen.kind, (faultTotals.get(seen.kind) ?? 0) + stat.minflt - seen.faults);
      seen.faults = stat.minflt;
    }
    tracked.set(key, seen);
  }
}

const probeBefore = speedProbeMs();
const faultProbeBefore = pageFaultProbeUs();
const startedAt = Date.now();
const run = spawn("npm", ["test", "--", ...process.argv.slice(2)], { stdio: ["ignore", "inherit", "inherit"] });
if (run.pid === undefined) throw new Error("npm test did not start");
family.add(run.pid);
const timer = setInterval(sample, INTERVAL_MS);
const code = await new Promise<number>((resolve) => run.once("exit", (exitCode) => resolve(exitCode ?? 1)));
clearInterval(timer);
sample();

const wallSeconds = (Date.now() - startedAt) / 1000;
const probeAfter = speedProbeMs();
const faultProbeAfter = pageFaultProbeUs();
const rows = [...totals.entries()].map(([kind, ticks]) => ({
  kind,
  seconds: ticks / TICKS_PER_SECOND,
  systemSeconds: (systemTotals.get(kind) ?? 0) / TICKS_PER_SECOND,
  faults: faultTotals.get(kind) ?? 0,
  processes: started.get(kind) ?? 0,
}));
rows.sort((a, b) => b.seconds - a.seconds);
const cpuSeconds = rows.reduce((sum, row) => sum + row.seconds, 0);
const systemSeconds = rows.reduce((sum, row) => sum + row.systemSeconds, 0);
const faults = rows.reduce((sum, row) => sum + row.faults, 0);
console.log(
  `\nnpm test ${code === 0 ? "passed" : `failed (exit ${code})`} in ${wallSeconds.toFixed(1)} s of wall time`,
);
for (const row of rows)
  console.log(
    `${row.seconds.toFixed(1).padStart(9)} CPU-s  ${row.kind} (${row.processes} processes; ` +
      `${row.systemSeconds.toFixed(1)} s of it in the kernel, ${(row.faults / 1e6).toFixed(2)} M page faults)`,
  );
const OTHER_LISTED = 6;
const others = [...otherPrograms.entries()].sort((a, b) => b[1] - a[1]).slice(0, OTHER_LISTED);
if (others.length > 0)
  console.log(
    `  of "other": ${others.map(([program, ticks]) => `${program} ${(ticks / TICKS_PER_SECOND).toFixed(1)}`).join(", ")}`,
  );
console.log(
  `${cpuSeconds.toFixed(1).padStart(9)} CPU-s in all: ${(cpuSeconds / wallSeconds).toFixed(2)} of the machine's ` +
    `${availableParallelism()} cores on average (load at the end ${loadavg()[0]!.toFixed(1)}); ` +
    `${systemSeconds.toFixed(1)} CPU-s in the kernel, ${(faults / 1e6).toFixed(2)} M page faults`,
);
console.log(
  `the machine's page fault: ${faultProbeBefore.toFixed(2)} us before the run, ${faultProbeAfter.toFixed(2)} after ` +
    `(a bare machine's about 0.2 to 0.5)`,
);
const probe = (probeBefore + probeAfter) / 2;
console.log(
  `the machine's speed probe: ${probeBefore.toFixed(0)} CPU-ms before the run, ${probeAfter.toFixed(0)} after; ` +
    `the run's CPU in probes: ${((cpuSeconds * 1000) / probe).toFixed(0)}`,
);
process.exit(code);
