import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { stopRunBrowsers } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The switch that marks the run's browsers (./browser.ts), so that the teardown can stop one a worker left. */
    e2eBrowserTag: string;
  }
}

/**
 * The mark of a browser-test run's browsers (`runTag`), for every project that drives chromium: the teardown stops a
 * browser that a killed worker left running.
 */
export default function setup(project: TestProject) {
  const browserTag = `pli-e2e-${process.pid}-${randomBytes(4).toString("hex")}`;
  project.provide("e2eBrowserTag", browserTag);
  return () => stopRunBrowsers(browserTag);
}
