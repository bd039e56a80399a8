import { createConfig } from "ponder";
import { pluginFarmAbi, stakingRewardsAbi } from "@pli/abis";
import { parseIndexerEnv } from "./indexer/env.ts";

const CHAIN_NAMES: Record<number, string> = { 50: "xdc", 51: "apothem", 31337: "anvil" };

const env = parseIndexerEnv(process.env);
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
