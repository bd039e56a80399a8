import { TWOFA } from "@pli/api/public-contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "../api/http";
import { liveMeta, liveMetaFrom } from "../live/live-store";
import { useMe } from "./me";

/** Query keys of the operator's stake totals as the indexed chain shows them. */
export const totalStakedKeys = { total: (nodeId?: string) => ["stake", "total", nodeId ?? "all"] as const };

/** The operator's stake in Stake or Unlock (on one node when `nodeId` is given), in wei, from `chain.*`. */
export const totalStakedQueryOptions = (nodeId?: string) =>
  queryOptions({
    meta: nodeId
      ? liveMeta("stake")
      : liveMetaFrom((event) => (event.tillStake === undefined ? undefined : BigInt(event.tillStake)), "stake"),
    queryKey: totalStakedKeys.total(nodeId),
    queryFn: async () => BigInt((await ok(api.stake.getTotal.$get({ query: nodeId ? { nodeId } : {} }))).tillStake),
  });

/** The sidebar's Total Staked: asked only once the operator's 2FA is on (the API refuses it before). */
export function useTotalStaked() {
  const me = useMe();
  return useQuery({ ...totalStakedQueryOptions(), enabled: me.data?.twofa === TWOFA.yes });
}
