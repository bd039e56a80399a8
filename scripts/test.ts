import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { buildTestPrograms, SHARED_PROGRAMS_ENV, TEST_PROGRAMS_PREFIX } from "../test/global-programs.ts";
import { clearAbandonedRuns } from "./lib/abandoned-runs.ts";
import { MEMORY_TEMP_PREFIX, memoryTempDir, SHARED_MEMORY_DIR } from "./lib/memory-temp.ts";
import { stopProcessesMarked } from "./lib/run-processes.ts";

/**
 * `npm test`: every Vitest project, in two lanes that run at the same time. The browser lane runs the
 * e2e files one at a time against one shared stack; the other lane runs everything else. Vitest puts
 * every project that runs its files one at a time into a single queue, so one `vitest run` would run
 * the browser tests only after all the others. Arguments (file filters, `-t`) go to both lanes.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VITEST = path.join(ROOT, "node_modules/vitest/vitest.mjs");
const BROWSER_PROJECT = "e2e";

/**
 * The rest lane runs three workers on the two cores: its files spend much of their time waiting for chains, indexers,
 * Postgres and the processes they start (the smoke files about half of it), and a third worker fills those waits.
 * Set through VITEST_MAX_WORKERS, which Vitest applies to every project: `--maxWorkers` sets only the root's, while
 * each project keeps the config file's 2 (they extend it), so the lane ran two files at a time.
 */
const LANES = [
  { name: "browser", projects: [BROWSER_PROJECT], env: {} },
  { name: "rest", projects: [`!${BROWSER_PROJECT}`], env: { VITEST_MAX_WORKERS: "3" } },
] as const;

/**
 * The most the run holds in its temporary folder at once (every test database, the stacks' data, the browser's
 * profile), with room to spare.
 */
const RUN_TEMP_BYTES = 4 * 1024 ** 3;

/**
 * The mark in the environment of every process of this run (the lanes and all they start). A lane killed or crashed
 * skips its teardown, and its stacks' Postgres, anvil, Ponder and API would run on; the run stops whatever carries
 * its mark once both lanes have ended. A run whose runner itself was killed does neither: the next run stops its
 * processes and removes its folders (clearAbandonedRuns: its mark and folders name its runner's pid).
 */
const RUN_MARK = "PLI_TEST_RUN";
const cleared = await clearAbandonedRuns(RUN_MARK, [
  { parent: path.join(ROOT, "api"), prefix: TEST_PROGRAMS_PREFIX },
  { parent: SHARED_MEMORY_DIR, prefix: MEMORY_TEMP_PREFIX },
]);
if (cleared.processes + cleared.folders > 0) {
  console.log(
    `npm test stopped ${cleared.processes} processes and removed ${cleared.folders} folders that killed runs left`,
  );
}

/**
 * The run's temporary files live in memory when the machine has a tmpfs with room (TMPDIR for both lanes), and on
 * the disk otherwise. Each test file copies a database, and each stack initialises one and deletes it at the end:
 * on this machine's disk the same 40 template copies cost 1.6 CPU-seconds at a quiet time and up to 12.4 at a busy
 * one, and 1.0-1.3 in /dev/shm, so the run no longer slows down with the disk.
 */
const tempDir = memoryTempDir(RUN_TEMP_BYTES);

const runId = `${process.pid}-${randomBytes(4).toString("hex")}`;

/**
 * The API's programs compiled once for both lanes: the API tests start them, and the browser and own-stack browser
 * files' stacks run the compiled server, as production does (test/global-programs.ts).
 */
const removeTempDir = () => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
};
const programs = await buildTestPrograms().catch((error: unknown) => {
  removeTempDir();
  throw error;
});

const args = process.argv.slice(2);
const filtered = args.some((arg) => !arg.startsWith("-"));
const width = Math.max(...LANES.map((lane) => lane.name.length));

function runLane(lane: (typeof LANES)[number]): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      VITEST,
      "run",
      ...lane.projects.map((project) => `--project=${project}`),
      ...(filtered ? ["--passWithNoTests"] : []),
      ...args,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...lane.env,
        ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}),
        ...(tempDir ? { TMPDIR: tempDir } : {}),
        [SHARED_PROGRAMS_ENV]: programs.dir,
        [RUN_MARK]: runId,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const prefix = `[${lane.name.padEnd(width)}] `;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on("line", (line) => out.write(`${prefix}${line}\n`));
  }
  process.once("SIGTERM", () => child.kill("SIGTERM"));
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

process.on("SIGINT", () => undefined);
const started = Date.now();
const codes = await Promise.all(LANES.map(runLane)).finally(async () => {
  const left = await stopProcessesMarked(RUN_MARK, runId);
  if (left > 0) console.log(`npm test stopped ${left} processes its lanes left running`);
  removeTempDir();
  programs.remove();
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
for (const [index, lane] of LANES.entries())
  console.log(`${lane.name} lane: ${codes[index] === 0 ? "passed" : `failed (exit ${codes[index]})`}`);
console.log(`npm test took ${seconds} s`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
