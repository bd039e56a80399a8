/**
 * The production build (`npm run build:production`, scripts/build-production.ts): compiles what the production images run to plain JavaScript, one ES module
 * per entry point, so that the containers start them with `node` alone (no TypeScript loader held in
 * memory, nothing compiled at start), packages bundled in but for EXTERNAL_PACKAGES, which the image's
 * `npm ci --omit=dev` installs.
 * The files land two folders below the root, as the scripts they come from, so paths they compute from
 * their own location (the indexer's start finds Ponder and the indexing code that way) still hold.
 */
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Output folder → (file name without .js → source, from the root) of each program a production image runs. */
export const PRODUCTION_PROGRAMS = {
  "api/dist": {
    server: "api/src/server.ts",
    migrate: "api/src/db/migrate-cli.ts",
    "db-roles": "api/src/db/roles-cli.ts",
    "incentives-accrue": "api/src/incentive/accrue-cli.ts",
    "admin-create": "scripts/admin-create.ts",
    "admin-reset-second-factor": "scripts/admin-reset-second-factor.ts",
    "admin-access": "scripts/admin-access.ts",
    "operator-reset-second-factor": "scripts/operator-reset-second-factor.ts",
    backup: "scripts/backup.ts",
    restore: "scripts/restore.ts",
  },
  "indexer/dist": { start: "scripts/indexer-start.ts" },
} as const;

/** Every program's compiled file, from the root. */
export const PRODUCTION_FILES = Object.entries(PRODUCTION_PROGRAMS).flatMap(([outdir, programs]) =>
  Object.keys(programs).map((name) => `${outdir}/${name}.js`),
);

/**
 * Packages left as imports of node_modules: sharp loads its native image library, pg's optional
 * native binding is absent, and pino-pretty (readable log lines, `LOG_PRETTY`) is imported by the name of a CommonJS
 * export that a bundle's import() does not give (the compiled API stopped at start with "PinoPretty is not a
 * function"); the runtime image installs it with the API's dependencies. Every other package is bundled, only the
 * parts the code uses: a program then loads a few files instead of every module of viem, zod or hono, which halves
 * its start.
 */
export const EXTERNAL_PACKAGES = ["sharp", "pg-native", "pino-pretty"];

/** Bundled CommonJS packages call require(); an ES module has none of its own. */
const REQUIRE_BANNER =
  'import { createRequire as __pliCreateRequire } from "node:module"; const require = __pliCreateRequire(import.meta.url);';

/**
 * Compiles one output folder's programs in one pass (`outdir` from the root, two folders below it), the API's split
 * into shared chunks: a module that code loads with a dynamic import() (what only some routes need) becomes a chunk
 * of its own, with the packages it imports, so they load when first used rather than with the program. The
 * indexer's start stays one file: it finds the repository from its own location (import.meta.url), which a chunk's
 * differs from.
 */
export async function buildPrograms(outdir: string, programs: Record<string, string>, splitting = true): Promise<void> {
  rmSync(path.join(ROOT, outdir), { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: programs,
    outdir,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting,
    platform: "node",
    format: "esm",
    target: "node22",
    external: EXTERNAL_PACKAGES,
    banner: { js: REQUIRE_BANNER },
    logLevel: "warning",
  });
}

/** Compiles every output folder of PRODUCTION_PROGRAMS. */
export async function buildProduction(): Promise<void> {
  await Promise.all(
    Object.entries(PRODUCTION_PROGRAMS).map(([outdir, programs]) =>
      buildPrograms(outdir, programs, outdir !== "indexer/dist"),
    ),
  );
}

/** A Docker target's CMD in the repository's Dockerfile, as the argument list the container runs. */
export function dockerfileCommand(target: "api" | "indexer"): string[] {
  const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  const start = dockerfile.search(new RegExp(`^FROM \\S+ AS ${target}$`, "m"));
  if (start === -1) throw new Error(`The Dockerfile has no target ${target}`);
  const next = dockerfile.slice(start + 1).search(/^FROM /m);
  const stage = next === -1 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + next);
  const command = /^CMD (\[.*\])$/m.exec(stage);
  if (!command) throw new Error(`The Dockerfile's ${target} target has no CMD in JSON form`);
  return JSON.parse(command[1]!) as string[];
}

/** The Dockerfile's production environment (`ENV` lines of the runtime stage) that the programs read. */
export const PRODUCTION_ENV = { NODE_ENV: "production" } as const;

/**
 * The environment of the compiled API started as the Dockerfile starts it (production settings, on 127.0.0.1) for a
 * check on this machine: a database, a chain that may only tell its head (contract addresses of the local anvil
 * deployment, never called), an SMTP server and an upload folder.
 */
export function productionApiEnv(options: {
  databaseUrl: string;
  rpcUrl: string;
  chainId: number;
  jwtSecret: string;
  smtpUrl: string;
  uploadDir: string;
}): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    ...PRODUCTION_ENV,
    APP_ENV: "production",
    API_HOST: "127.0.0.1",
    DATABASE_URL: options.databaseUrl,
    RPC_URL: options.rpcUrl,
    CHAIN_ID: String(options.chainId),
    PLI_TOKEN_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    STAKING_ADDRESS: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    FARM_ADDRESS: "0x9fE46736679d2D9a65F0592F2260aDf7c5e4Ed4c",
    JWT_SECRET: options.jwtSecret,
    WEBHOOK_SECRET_KEY: "0123456789abcdef".repeat(4),
    SMTP_URL: options.smtpUrl,
    PUBLIC_URL: "https://portal.example.com",
    UPLOAD_DIR: options.uploadDir,
  };
}

/**
 * A stand-in for the chain's JSON-RPC endpoint that answers `eth_blockNumber` with `head` (and any
 * other method with a JSON-RPC error), for starting the API where no chain runs; stop it with close().
 */
export async function startHeadOnlyRpc(head: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const calls = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
      const answer = (call: { id: number; method: string }) =>
        call.method === "eth_blockNumber"
          ? { jsonrpc: "2.0", id: call.id, result: `0x${head.toString(16)}` }
          : { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: `${call.method} is not served here` } };
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * SQL for a migrated database that makes the indexer look caught up at `block` (Ponder's checkpoint
 * view, which the migrations leave out), so /api/health answers 200 without an indexer.
 */
export function indexedUpToSql(block: number, chainId: number): string {
  const checkpoint = `${Math.floor(Date.now() / 1000)}${String(chainId).padStart(16, "0")}${String(block).padStart(16, "0")}${"0".repeat(33)}`;
  return `CREATE OR REPLACE VIEW chain._ponder_checkpoint AS SELECT 'stand-in'::text AS chain_name,
    ${chainId}::int8 AS chain_id, '${checkpoint}'::text AS safe_checkpoint, '${checkpoint}'::text AS latest_checkpoint,
    '${checkpoint}'::text AS finalized_checkpoint`;
}
