import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildPrograms, PRODUCTION_PROGRAMS } from "../scripts/lib/production-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder, from the repository's root, of this run's compiled API programs. */
    compiledProgramsDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * The API's programs (server, admin and backup commands) compiled once per run as the production build compiles
 * them, into a folder of this run's own beside api/dist: tests start the programs production runs, each in a
 * fraction of the CPU a TypeScript loader spends loading the same modules.
 */
export default async function setup(project: TestProject) {
  const dir = `api/.test-dist-${randomBytes(4).toString("hex")}`;
  await buildPrograms(dir, PRODUCTION_PROGRAMS["api/dist"]);
  project.provide("compiledProgramsDir", dir);
  return () => rmSync(path.join(ROOT, dir), { recursive: true, force: true });
}
