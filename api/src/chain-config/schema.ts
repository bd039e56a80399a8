import { addressSchema } from "@pli/abis";
import { z } from "zod";
import { featureContract } from "../public-contract/feature.ts";

export const CHAIN_CONFIG_PATH = "/api/config";

/** The chain the deployment runs on: the web app reads it at start (and checks it with this schema). */
export const chainConfigResponseSchema = z.object({
  chainId: z.number().int().positive(),
  rpcUrl: z.url({ protocol: /^https?$/ }),
  wsUrl: z.url({ protocol: /^wss?$/ }).optional(),
  contracts: z.object({ pliToken: addressSchema, stakingRewards: addressSchema, pluginFarm: addressSchema }),
  explorer: z.object({ txUrl: z.url(), addressUrl: z.url() }),
});
export type ChainConfigResponse = z.infer<typeof chainConfigResponseSchema>;

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const CHAIN_CONFIG_CONTRACT = featureContract({ config: CHAIN_CONFIG_PATH });
