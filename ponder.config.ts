import { createConfig } from "ponder";
import { z } from "zod";
import { addressSchema, pluginFarmAbi, stakingRewardsAbi } from "@pli/abis";

const envSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }),
  RPC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }),
  WS_URL: z.url({ protocol: /^wss?$/, error: "must be a ws(s):// URL" }).optional(),
  CHAIN_ID: z.coerce.number().int().positive(),
  PLI_TOKEN_ADDRESS: addressSchema,
  STAKING_ADDRESS: addressSchema,
  FARM_ADDRESS: addressSchema,
  START_BLOCK: z.coerce.number().int().nonnegative(),
});

function readEnv() {
  const raw = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, process.env[key] || undefined]));
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid indexer configuration:\n${problems.join("\n")}`);
  }
  return Object.freeze(result.data);
}

const CHAIN_NAMES: Record<number, string> = { 50: "xdc", 51: "apothem", 31337: "anvil" };

const env = readEnv();
const chain = CHAIN_NAMES[env.CHAIN_ID] ?? `chain${env.CHAIN_ID}`;

export default createConfig({
  database: { kind: "postgres", connectionString: env.DATABASE_URL, poolConfig: { max: 10 } },
  chains: {
    [chain]: { id: env.CHAIN_ID, rpc: env.RPC_URL, ws: env.WS_URL },
  },
  contracts: {
    StakingRewards: { chain, abi: stakingRewardsAbi, address: env.STAKING_ADDRESS, startBlock: env.START_BLOCK },
    PluginFarm: { chain, abi: pluginFarmAbi, address: env.FARM_ADDRESS, startBlock: env.START_BLOCK },
  },
});
