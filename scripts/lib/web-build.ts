import { spawn } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lockfile from "proper-lockfile";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WEB = path.join(ROOT, "web");

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

/** What the web app is built from besides web/: the API's public contract (and the schemas it gathers) and the ABIs. */
const SHARED_SOURCES = [path.join(ROOT, "api", "src"), path.join(ROOT, "abis", "src")];

const DIST = path.join(WEB, "dist");

/**
 * Written into a build's folder once Vite has finished with success (replaceBuild): only a build that has it counts
 * as fresh.
 */
const BUILT_MARK = path.join(".vite", "built");

/**
 * Replaces the folder `dist` by what `build` writes into the folder it is given, once `build` has finished: the build
 * is written beside `dist` (same file system, so each move is a rename), marked finished, then moved into its place,
 * and the build it replaces removed. A stack serving `dist` meanwhile (a developer's `npm start` next to a test run)
 * reads the whole old build or the whole new one (but for the instant between the two renames), never a folder
 * Vite has emptied or half-written. A failed build leaves `dist` as it
 * was and nothing beside it.
 */
export async function replaceBuild(dist: string, build: (outDir: string) => Promise<void>): Promise<void> {
  const id = `${process.pid}-${Date.now()}`;
  const building = `${dist}.building-${id}`;
  const replaced = `${dist}.replaced-${id}`;
  try {
    await build(building);
    mkdirSync(path.join(building, path.dirname(BUILT_MARK)), { recursive: true });
    writeFileSync(path.join(building, BUILT_MARK), "");
    if (existsSync(dist)) renameSync(dist, replaced);
    renameSync(building, dist);
  } finally {
    rmSync(building, { recursive: true, force: true });
    rmSync(replaced, { recursive: true, force: true });
  }
}

/** Whether web/dist is a finished build newer than every source file of the web app and of what it imports. */
function isBuildFresh(): boolean {
  const sources = [
    ...readdirSync(WEB)
      .filter((entry) => entry !== "node_modules" && entry !== "dist" && !entry.startsWith("dist."))
      .map((entry) => newestMtime(path.join(WEB, entry))),
    ...SHARED_SOURCES.map(newestMtime),
  ];
  const mark = path.join(DIST, BUILT_MARK);
  const built = existsSync(mark) ? statSync(mark).mtimeMs : 0;
  return built > Math.max(...sources);
}

/**
 * Builds web/dist unless it is fresh. Stacks that start at the same time (the browser tests' stack and
 * `npm start` in the smoke test) take turns on a lock, so one builds and the others find its build fresh.
 */
export async function buildWeb(logFile: string, log: (service: string, line: string) => void): Promise<void> {
  if (isBuildFresh()) return;
  const release = await lockfile.lock(DIST, {
    realpath: false,
    lockfilePath: path.join(WEB, "dist.lock"),
    retries: { retries: 1200, minTimeout: 250, maxTimeout: 250 },
    // The holder renews the lock while Vite builds. At the run's start every lane builds at once, and on a machine that
    // busy the renewal came more than the default 10 s late: the lock was given up mid-build and the stack failed.
    stale: 60_000,
    update: 5_000,
  });
  try {
    if (isBuildFresh()) return;
    log("web", "building the web app");
    await replaceBuild(DIST, async (outDir) => {
      const out = createWriteStream(logFile, { flags: "a" });
      const vite = path.join(ROOT, "node_modules/vite/bin/vite.js");
      const child = spawn(process.execPath, [vite, "build", "--outDir", outDir, "--emptyOutDir"], {
        cwd: WEB,
        env: { ...process.env, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.pipe(out);
      child.stderr.pipe(out);
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      if (code !== 0) throw new Error(`The web build failed (exit ${code}); see ${logFile}`);
    });
  } finally {
    await release();
  }
}
