import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import { chainConfigResponseSchema, type ChainConfigResponse } from "@pli/api/contract";
import { api, ok } from "@/shared/api/http";

export type ChainConfig = ChainConfigResponse;

export const getChainConfig = async (): Promise<ChainConfig> => chainConfigResponseSchema.parse(await ok(api.config.$get()));

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
