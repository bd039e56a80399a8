import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import { chainConfigResponseSchema, type ChainConfigResponse } from "@pli/api/public-contract";
import { api, ok } from "@/shared/api/http";

export const getChainConfig = async (): Promise<ChainConfigResponse> =>
  chainConfigResponseSchema.parse(await ok(api.config.$get()));

/** Query keys of the chain side. */
export const chainKeys = { config: ["chain-config"] as const };

export const chainConfigQueryOptions = () =>
  queryOptions({
    queryKey: chainKeys.config,
    queryFn: () => getChainConfig(),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 2,
  });

/** The chain configuration; only for components rendered below the chain provider, which loads it. */
export const useChainConfig = () => useSuspenseQuery(chainConfigQueryOptions()).data;
