import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
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

/**
 * Written into web/dist once a build has finished (Vite empties the folder when it starts writing): a folder being
 * written, or left half-written by a build that was stopped, has files newer than the sources but no mark.
 */
const BUILT_MARK = path.join(WEB, "dist", ".vite", "built");

/** Whether web/dist is a finished build newer than every source file of the web app and of what it imports. */
function isBuildFresh(): boolean {
  const sources = [
    ...readdirSync(WEB)
      .filter((entry) => entry !== "dist" && entry !== "node_modules" && entry !== "dist.lock")
      .map((entry) => newestMtime(path.join(WEB, entry))),
    ...SHARED_SOURCES.map(newestMtime),
  ];
  const built = existsSync(BUILT_MARK) ? statSync(BUILT_MARK).mtimeMs : 0;
  return built > Math.max(...sources);
}

/**
 * Builds web/dist unless it is fresh. Stacks that start at the same time (the browser tests' stack and
 * `npm start` in the smoke test) take turns on a lock, so one builds and the others find its build fresh.
 */
export async function buildWeb(logFile: string, log: (service: string, line: string) => void): Promise<void> {
  if (isBuildFresh()) return;
  const release = await lockfile.lock(path.join(WEB, "dist"), {
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
    const out = createWriteStream(logFile, { flags: "a" });
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build"], {
      cwd: WEB,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`The web build failed (exit ${code}); see ${logFile}`);
    writeFileSync(BUILT_MARK, "");
  } finally {
    await release();
  }
}
