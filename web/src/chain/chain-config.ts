import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import type { ChainConfigResponse } from "@pli/api/public-contract";
import { api, ok } from "@/shared/api/http";

/**
 * The chain the API runs on, as its route declares it: the API parsed these values with the contract's schema when it
 * started (addresses checksummed), so the connect page does not download the schemas to check them again.
 */
export const getChainConfig = (): Promise<ChainConfigResponse> => ok(api.config.$get());

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
