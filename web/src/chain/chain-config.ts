import { addressSchema } from "@pli/abis";
import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import { z } from "zod";
import { API } from "@pli/api/contract";
import { http } from "@/shared/api/http";

/** The chain the deployment runs on, served by the API so one build works against any network. */
export const chainConfigSchema = z.object({
  chainId: z.number().int().positive(),
  rpcUrl: z.url({ protocol: /^https?$/ }),
  wsUrl: z.url({ protocol: /^wss?$/ }).optional(),
  contracts: z.object({
    pliToken: addressSchema,
    stakingRewards: addressSchema,
    pluginFarm: addressSchema,
  }),
  explorer: z.object({
    txUrl: z.url(),
    addressUrl: z.url(),
  }),
});

export type ChainConfig = z.infer<typeof chainConfigSchema>;

export const getChainConfig = async (): Promise<ChainConfig> => chainConfigSchema.parse(await http("GET", API.config));

export const chainConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["chain-config"],
    queryFn: () => getChainConfig(),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 2,
  });

/** The chain configuration; only for components rendered below the chain provider, which loads it. */
export const useChainConfig = () => useSuspenseQuery(chainConfigQueryOptions()).data;
