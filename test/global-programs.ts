import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { runFolderPrefix } from "../scripts/lib/abandoned-runs.ts";
import { buildPrograms, PRODUCTION_PROGRAMS } from "../scripts/lib/production-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder, from the repository's root, of this run's compiled API programs. */
    compiledProgramsDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Set by `npm test` (scripts/test.ts) for both of its lanes: the folder of the run's one build, which the runner
 * removes at the end. Without it (a `vitest` run of its own), each project that needs the programs builds them.
 */
export const SHARED_PROGRAMS_ENV = "PLI_TEST_PROGRAMS_DIR";

/** The start of a run's folder of compiled programs in api/, before its runner's pid (runFolderPrefix). */
export const TEST_PROGRAMS_PREFIX = ".test-dist-";

/** Compiles the API's programs into a new folder beside api/dist; returns it (from the root) and its removal. */
export async function buildTestPrograms(): Promise<{ dir: string; remove: () => void }> {
  const dir = `api/${runFolderPrefix(TEST_PROGRAMS_PREFIX)}${randomBytes(4).toString("hex")}`;
  const remove = () => rmSync(path.join(ROOT, dir), { recursive: true, force: true });
  try {
    await buildPrograms(dir, PRODUCTION_PROGRAMS["api/dist"]);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/**
 * The API's programs (server, admin and backup commands) compiled as the production build compiles them: tests and
 * the test stacks start the programs production runs, each in a fraction of the CPU a TypeScript loader spends
 * loading the same modules.
 */
export default async function setup(project: TestProject) {
  const shared = process.env[SHARED_PROGRAMS_ENV];
  if (shared) {
    project.provide("compiledProgramsDir", shared);
    return () => undefined;
  }
  const { dir, remove } = await buildTestPrograms();
  project.provide("compiledProgramsDir", dir);
  return remove;
}
