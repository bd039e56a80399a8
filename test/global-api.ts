import type { TestProject } from "vitest/node";
import setUpPostgres from "./global-postgres.ts";
import setUpPrograms from "./global-programs.ts";

/**
 * The API project's run-wide parts, set up side by side: Vitest runs a project's setup files one after the other,
 * and the run's Postgres (started and migrated) and the compiled API programs need nothing of each other (10 and 13 s
 * one after the other on a busy machine, before the rest lane's first file could start).
 */
export default async function setup(project: TestProject) {
  const started = await Promise.allSettled([setUpPostgres(project), setUpPrograms(project)]);
  const teardowns = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    for (const teardown of teardowns) await teardown();
    throw failed.reason;
  }
  return async () => {
    for (const teardown of teardowns.reverse()) await teardown();
  };
}
