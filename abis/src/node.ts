import { readFileSync } from "node:fs";
import { deploymentSchema, type Deployment } from "./deployment.ts";

/** Reads and validates a deployment file written by the deploy script. */
export function readDeploymentFile(file: string): Deployment {
  return deploymentSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}
