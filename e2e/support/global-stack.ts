import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT, startStack } from "../../scripts/stack.ts";
import { startSmtp } from "../../test/smtp.ts";
import type { SharedStack } from "./stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2eStack: SharedStack;
  }
}

/**
 * One whole product per browser-test run (Postgres, anvil with contracts and demo data, indexer, API
 * with a real SMTP server, built web app). Test files share it and isolate themselves with fresh
 * wallets and accounts (./accounts.ts). Its API is this run's compiled server (test/global-programs.ts, set up before
 * this file), as production runs it.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "pli-e2e-"));
  const mailDir = path.join(dataDir, "mail");
  const smtp = await startSmtp({ dir: mailDir });
  // The tests drive the node monitor with a clock of their own (runProbeRound); a scheduled round would add real-time
  // probes.
  const stack = await startStack({
    dataDir,
    apiEnv: { SMTP_URL: smtp.url, SCHEDULER_ENABLED: "false" },
    apiProgram: path.join(ROOT, project.getProvidedContext().compiledProgramsDir, "server.js"),
  }).catch(async (error: unknown) => {
    await smtp.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  project.provide("e2eStack", {
    urls: stack.urls,
    deployment: stack.deployment,
    databaseUrl: stack.databaseUrl,
    logDir: stack.logDir,
    mailDir,
  });
  return async () => {
    await stack.stop();
    await smtp.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
