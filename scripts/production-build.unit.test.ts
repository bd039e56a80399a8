import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dockerfileCommand, PRODUCTION_FILES, PRODUCTION_PROGRAMS } from "./lib/production-build.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");

/** The node programs a command line runs: each `node <flags> <file>` of it. */
const nodePrograms = (command: string) =>
  [...command.matchAll(/\bnode((?:\s+-[^\s]+)*)\s+([^\s&;"]+)/g)].map((match) => ({
    flags: match[1]!.trim(),
    file: match[2]!,
  }));

describe("the production images", () => {
  it("start the API (migrated beforehand, as the owner role, by compose's migrate service) and the indexer from the compiled build with plain node, never tsx", () => {
    const api = nodePrograms(dockerfileCommand("api").join(" "));
    const indexer = nodePrograms(dockerfileCommand("indexer").join(" "));
    expect(api.map((program) => program.file)).toEqual(["api/dist/server.js"]);
    expect(indexer.map((program) => program.file)).toEqual(["indexer/dist/start.js"]);
    for (const program of [...api, ...indexer]) {
      expect(PRODUCTION_FILES).toContain(program.file);
      expect(program.flags).not.toMatch(/tsx|--import|--loader|--experimental/);
    }
    expect(dockerfile).not.toMatch(/\btsx\b/);
  });

  it("compile in the build stage and copy only the compiled programs next to the production dependencies", () => {
    const build = dockerfile.slice(dockerfile.indexOf("AS build"), dockerfile.indexOf("AS runtime"));
    const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"), dockerfile.indexOf("AS api"));
    expect(build).toMatch(/^RUN .*npm run build:production/m);
    for (const outdir of Object.keys(PRODUCTION_PROGRAMS))
      expect(runtime).toContain(`COPY --from=build /app/${outdir} ${outdir}`);
    expect(runtime.match(/^COPY (api\/src|scripts)\S*/gm)).toEqual(["COPY scripts/runtime-packages.ts"]);
    expect(runtime).toMatch(/&& node \/tmp\/runtime-packages\.ts && rm \/tmp\/runtime-packages\.ts/);
  });

  it("install no TypeScript loader as a production dependency of the API", () => {
    const api = JSON.parse(readFileSync(path.join(ROOT, "api/package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(api.dependencies)).not.toContain("tsx");
  });
});
