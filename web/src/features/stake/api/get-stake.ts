import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { liveMeta } from "@/shared/live/live-store";
import { adminStakeKeys } from "./keys";

export const getStake = (stakeId: string) => ok(api.stake.getStakeByID.$get({ query: { stakeId } }));

export const stakeQueryOptions = (stakeId: string) =>
  queryOptions({
    meta: liveMeta("stake"),
    queryKey: adminStakeKeys.detail(stakeId),
    queryFn: () => getStake(stakeId),
    staleTime: 0,
  });

/** One stake position (`0x<wallet>-0x<node>`) with its events, read fresh from the API. */
export const useStake = (stakeId: string | null) =>
  useQuery({ ...stakeQueryOptions(stakeId ?? ""), enabled: Boolean(stakeId) });
