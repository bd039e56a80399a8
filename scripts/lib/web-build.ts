import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

/** Builds web/dist unless it is newer than every source file of the web app and of what it imports. */
export async function buildWeb(logFile: string, log: (service: string, line: string) => void): Promise<void> {
  const sources = [
    ...readdirSync(WEB)
      .filter((entry) => entry !== "dist" && entry !== "node_modules")
      .map((entry) => newestMtime(path.join(WEB, entry))),
    ...SHARED_SOURCES.map(newestMtime),
  ];
  const built = existsSync(path.join(WEB, "dist", "index.html")) ? newestMtime(path.join(WEB, "dist")) : 0;
  if (built > Math.max(...sources)) return;
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
}
