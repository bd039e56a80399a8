import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";

/** The chain the web app talks to: it reads this at start instead of being rebuilt per network. */
export const chainConfigRoutes = new Hono<AppEnv>().get("/", (c) => {
  const { config } = c.var.deps;
  return c.json({
    chainId: config.CHAIN_ID,
    rpcUrl: config.RPC_URL,
    wsUrl: config.WS_URL,
    contracts: {
      pliToken: config.PLI_TOKEN_ADDRESS,
      stakingRewards: config.STAKING_ADDRESS,
      pluginFarm: config.FARM_ADDRESS,
    },
    explorer: { txUrl: config.EXPLORER_TX_URL, addressUrl: config.EXPLORER_ADDRESS_URL },
  });
});
