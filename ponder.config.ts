import { createConfig } from "ponder";
import { chainHttp, pluginFarmAbi, safeL2Abi, stakingRewardsAbi } from "@pli/abis";
import { parseIndexerEnv } from "./indexer/env.ts";

const CHAIN_NAMES: Record<number, string> = { 50: "xdc", 51: "apothem", 31337: "anvil" };

/**
 * XDC mainnet and Apothem: their nodes refuse `eth_getLogs` over 5,000 blocks, so Ponder asks for 5,000 at most rather
 * than learning it from refusals; no websocket (public XDC gateways often offer none, and Ponder reads new blocks by
 * polling then). Ponder's finality stays its default of 30 blocks (XDPoS 2.0 commits a block after about three).
 */
const XDC_CHAINS: Record<number, { ethGetLogsBlockRange: number }> = {
  50: { ethGetLogsBlockRange: 5_000 },
  51: { ethGetLogsBlockRange: 5_000 },
};

const env = parseIndexerEnv(process.env);
const chain = CHAIN_NAMES[env.CHAIN_ID] ?? `chain${env.CHAIN_ID}`;
const xdc = XDC_CHAINS[env.CHAIN_ID];
const safeContract = { chain, abi: safeL2Abi, address: env.SAFE_ADDRESS!, startBlock: env.SAFE_START_BLOCK! };
/**
 * The Safe is followed only when SAFE_ADDRESS is set; its type is always declared so that indexer/src/Safe.ts compiles,
 * and that file registers its handlers only with the contract present.
 */
const safe = (env.SAFE_ADDRESS ? { Safe: safeContract } : {}) as { Safe: typeof safeContract };

export default createConfig({
  database: { kind: "postgres", connectionString: env.DATABASE_URL, poolConfig: { max: 10 } },
  chains: {
    [chain]: { id: env.CHAIN_ID, rpc: chainHttp(env.RPC_URL), ...(xdc ?? { ws: env.WS_URL }) },
  },
  contracts: {
    StakingRewards: { chain, abi: stakingRewardsAbi, address: env.STAKING_ADDRESS, startBlock: env.START_BLOCK },
    PluginFarm: { chain, abi: pluginFarmAbi, address: env.FARM_ADDRESS, startBlock: env.START_BLOCK },
    ...safe,
  },
});
