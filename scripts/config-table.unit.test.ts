import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { configFields } from "@pli/api/config";
import { rolesEnvSchema } from "@pli/api/db/roles-env";
import { indexerEnvSchema } from "../indexer/env.ts";
import { docTable, quotedNames } from "../test/docs.ts";
import { devServerEnvSchema } from "../web/build/dev-server-env.ts";
import { stackEnvSchema } from "./lib/stack-config.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * The variables the compose deployment takes from its own `.env`: those it substitutes (`${NAME}`) and those a
 * service's environment passes through from it (a name without a value).
 */
function composeVariables(): string[] {
  const file = readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8");
  const substituted = [...file.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!);
  const services = Object.values(
    (parse(file) as { services: Record<string, { environment?: Record<string, unknown> }> }).services,
  );
  const passed = services.flatMap((service) =>
    Object.entries(service.environment ?? {})
      .filter(([, value]) => value === null)
      .map(([name]) => name),
  );
  return [...new Set([...substituted, ...passed])];
}

/** Each config schema of the code, by where it lives, with the variables it reads. */
const SCHEMAS: Record<string, string[]> = {
  "api/src/config.ts": Object.keys(configFields.shape),
  "api/src/db/roles-env.ts": Object.keys(rolesEnvSchema.shape),
  "indexer/env.ts": Object.keys(indexerEnvSchema.shape),
  "scripts/lib/stack-config.ts": Object.keys(stackEnvSchema.shape),
  "web/build/dev-server-env.ts": Object.keys(devServerEnvSchema.shape),
  "docker-compose.yml": composeVariables(),
};

/** Every variable named in the first column of the configuration table. */
const documented = docTable("running.md", "## Configuration").flatMap(([names]) =>
  quotedNames(names!, /^[A-Z][A-Z0-9_]*$/),
);

describe("the configuration table of docs/running.md", () => {
  it("documents every variable a config schema reads", () => {
    for (const [schema, names] of Object.entries(SCHEMAS))
      expect(
        names.filter((name) => !documented.includes(name)),
        `read by ${schema}, missing from the table`,
      ).toEqual([]);
  });

  it("documents no variable that no config schema reads, and each once", () => {
    const read = new Set(Object.values(SCHEMAS).flat());
    expect(
      documented.filter((name) => !read.has(name)),
      "in the table, read by no config schema",
    ).toEqual([]);
    expect(documented.filter((name, index) => documented.indexOf(name) !== index)).toEqual([]);
  });
});
