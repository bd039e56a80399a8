/**
 * The chain the deployment runs on, as the web app reads it at start (`/api/config`): chain id, RPC and websocket URLs,
 * contract addresses and the block explorer's URLs.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter, describe, jsonResponse } from "../shared/openapi.ts";
import { chainConfigResponseSchema, CHAIN_CONFIG_PATH } from "./schema.ts";

const read = createRoute({
  method: "get",
  path: CHAIN_CONFIG_PATH,
  ...describe("public", "Chain id, RPC URL and contract addresses for the web app"),
  responses: { 200: jsonResponse(chainConfigResponseSchema, "The chain the portal runs on") },
});

/** The chain the web app talks to: it reads this at start instead of being rebuilt per network. */
export const chainConfigRoutes = createRouter().openapi(read, (c) => {
  const { config } = c.get("deps");
  return c.json(
    {
      chainId: config.CHAIN_ID,
      rpcUrl: config.RPC_URL,
      wsUrl: config.WS_URL,
      contracts: {
        pliToken: config.PLI_TOKEN_ADDRESS,
        stakingRewards: config.STAKING_ADDRESS,
        pluginFarm: config.FARM_ADDRESS,
      },
      explorer: { txUrl: config.EXPLORER_TX_URL, addressUrl: config.EXPLORER_ADDRESS_URL },
    },
    200,
  );
});
