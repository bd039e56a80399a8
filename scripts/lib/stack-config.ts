import path from "node:path";
import { addressSchema, checkSafeEnv, safeEnvFields } from "@pli/abis";
import { z } from "zod";
import { configFields } from "@pli/api/config";
import type { PortalDatabase } from "./stack-database.ts";

const port = z.coerce.number().int().min(1).max(65535).optional();
const urlWith = (protocols: string[]) =>
  z
    .string()
    .trim()
    .url()
    .refine((value) => protocols.includes(new URL(value).protocol), `must start with ${protocols.join(" or ")}//`);

const CHAIN_VARS = ["CHAIN_ID", "PLI_TOKEN_ADDRESS", "STAKING_ADDRESS", "FARM_ADDRESS", "START_BLOCK"] as const;
/** An external database: the URL of each of the portal's roles (api/src/db/roles.ts), all or none. */
const DATABASE_VARS = ["DATABASE_URL", "DATABASE_OWNER_URL", "INDEXER_DATABASE_URL"] as const;

/** Every variable the stack runner reads; the configuration table in docs/running.md lists each. */
export const stackEnvSchema = z
  .object({
    DATA_DIR: z.string().min(1).default(".data"),
    PG_PORT: port,
    ANVIL_PORT: port,
    INDEXER_PORT: port,
    API_PORT: port,
    WEB_PORT: port,
    DATABASE_URL: urlWith(["postgres:", "postgresql:"]).optional(),
    DATABASE_OWNER_URL: urlWith(["postgres:", "postgresql:"]).optional(),
    INDEXER_DATABASE_URL: urlWith(["postgres:", "postgresql:"]).optional(),
    RPC_URL: urlWith(["http:", "https:"]).optional(),
    WS_URL: urlWith(["ws:", "wss:"]).optional(),
    CHAIN_ID: z.coerce.number().int().positive().optional(),
    PLI_TOKEN_ADDRESS: addressSchema.optional(),
    STAKING_ADDRESS: addressSchema.optional(),
    FARM_ADDRESS: addressSchema.optional(),
    PRICE_FEED_ADDRESS: addressSchema.optional(),
    START_BLOCK: z.coerce.number().int().nonnegative().optional(),
    ANALYST_PASSWORD: configFields.shape.ANALYST_PASSWORD,
    ...safeEnvFields.shape,
  })
  .superRefine((env, ctx) => {
    checkSafeEnv(env, ctx);
    if (env.SAFE_ADDRESS && !env.RPC_URL)
      ctx.addIssue({ code: "custom", path: ["RPC_URL"], message: "is required when SAFE_ADDRESS is set" });
    const databaseVars = DATABASE_VARS.filter((name) => env[name] !== undefined);
    if (databaseVars.length > 0)
      for (const name of DATABASE_VARS.filter((missing) => env[missing] === undefined))
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required when ${databaseVars.join(" and ")} ${databaseVars.length > 1 ? "are" : "is"} set (each role signs in as itself: docs/running.md, "Database roles")`,
        });
    for (const name of CHAIN_VARS) {
      if (env.RPC_URL && env[name] === undefined)
        ctx.addIssue({ code: "custom", path: [name], message: "is required when RPC_URL is set" });
      if (!env.RPC_URL && env[name] !== undefined)
        ctx.addIssue({ code: "custom", path: ["RPC_URL"], message: `is required when ${name} is set` });
    }
    if (env.PRICE_FEED_ADDRESS && !env.RPC_URL)
      ctx.addIssue({ code: "custom", path: ["RPC_URL"], message: "is required when PRICE_FEED_ADDRESS is set" });
    if (env.WS_URL && !env.RPC_URL)
      ctx.addIssue({ code: "custom", path: ["RPC_URL"], message: "is required when WS_URL is set" });
  });

export type StackEnv = z.infer<typeof stackEnvSchema>;

export interface ExternalChain {
  rpcUrl: string;
  wsUrl?: string;
  chainId: number;
  contracts: {
    pliToken: `0x${string}`;
    stakingRewards: `0x${string}`;
    pluginFarm: `0x${string}`;
    priceFeed?: `0x${string}`;
  };
  startBlock: number;
  /** The Safe that owns the contracts (SAFE_ADDRESS, SAFE_START_BLOCK): the portal then runs in Safe mode. */
  safe?: { address: `0x${string}`; startBlock: number };
}

export interface StackConfig {
  dataDir: string;
  ports: { pg?: number; anvil?: number; indexer?: number; api?: number; web?: number };
  /** An external Postgres, as each of the portal's roles signs in; the embedded one is started when absent. */
  database?: PortalDatabase;
  /** A real chain with deployed contracts; anvil is started and the contracts deployed when absent. */
  chain?: ExternalChain;
  /** The `analyst` database role's password; without it the role cannot log in. */
  analystPassword?: string;
}

export class StackConfigError extends Error {
  constructor(readonly problems: Record<string, string>) {
    super(
      `Bad configuration, nothing was started:\n${Object.entries(problems)
        .map(([name, problem]) => `  ${name} ${problem}`)
        .join("\n")}`,
    );
    this.name = "StackConfigError";
  }
}

/** Reads the stack runner's environment; throws a StackConfigError naming each bad variable. */
export function parseStackEnv(env: Record<string, string | undefined>, cwd = process.cwd()): StackConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = stackEnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
    throw new StackConfigError(problems);
  }
  const e = parsed.data;
  return {
    dataDir: path.resolve(cwd, e.DATA_DIR),
    ports: { pg: e.PG_PORT, anvil: e.ANVIL_PORT, indexer: e.INDEXER_PORT, api: e.API_PORT, web: e.WEB_PORT },
    database:
      e.DATABASE_URL && e.DATABASE_OWNER_URL && e.INDEXER_DATABASE_URL
        ? { api: e.DATABASE_URL, owner: e.DATABASE_OWNER_URL, indexer: e.INDEXER_DATABASE_URL }
        : undefined,
    analystPassword: e.ANALYST_PASSWORD,
    chain: e.RPC_URL
      ? {
          rpcUrl: e.RPC_URL,
          wsUrl: e.WS_URL,
          chainId: e.CHAIN_ID!,
          contracts: {
            pliToken: e.PLI_TOKEN_ADDRESS!,
            stakingRewards: e.STAKING_ADDRESS!,
            pluginFarm: e.FARM_ADDRESS!,
            ...(e.PRICE_FEED_ADDRESS ? { priceFeed: e.PRICE_FEED_ADDRESS } : {}),
          },
          startBlock: e.START_BLOCK!,
          ...(e.SAFE_ADDRESS ? { safe: { address: e.SAFE_ADDRESS, startBlock: e.SAFE_START_BLOCK! } } : {}),
        }
      : undefined,
  };
}
