import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import type { PRODUCTION_PROGRAMS } from "../../scripts/lib/production-build.ts";

/** The repository's root, where the npm scripts and `scripts/` live. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

const run = promisify(execFile);

/** A program of the API's production build, by its file name (PRODUCTION_PROGRAMS). */
export type ApiProgram = keyof (typeof PRODUCTION_PROGRAMS)["api/dist"];

/** The compiled file of an API program, as this run's build (test/global-programs.ts) wrote it. */
export const compiledProgram = (program: ApiProgram) => path.join(ROOT, inject("compiledProgramsDir"), `${program}.js`);

/**
 * Runs one of the project's command-line programs as an operator of the portal would in production (its compiled
 * file with plain node), with `env` over the test's environment.
 */
export const runScript = (program: ApiProgram, args: string[], env: Record<string, string | undefined>) =>
  run(process.execPath, [compiledProgram(program), ...args], { cwd: ROOT, env: { ...process.env, ...env } });

/** Runs `npm run <args>` from the repository's root, with `env` over the test's environment. */
export const runNpm = (args: string[], env: Record<string, string | undefined>) =>
  run("npm", ["run", "--silent", ...args], { cwd: ROOT, env: { ...process.env, ...env } });
