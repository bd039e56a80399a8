import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

/** The repository's root, where the npm scripts and `scripts/` live. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

const run = promisify(execFile);

/**
 * Runs one of the project's command-line scripts as an operator of the portal would, with `env` over the test's
 * environment.
 */
export const runScript = (script: string, args: string[], env: Record<string, string | undefined>) =>
  run(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env: { ...process.env, ...env } });

/** Runs `npm run <args>` from the repository's root, with `env` over the test's environment. */
export const runNpm = (args: string[], env: Record<string, string | undefined>) =>
  run("npm", ["run", "--silent", ...args], { cwd: ROOT, env: { ...process.env, ...env } });
