import { api, ok } from "@/shared/api/http";

/** The chain's stake status of one of the operator's nodes, as the API reads it from the indexer. */
export const getStakeStatus = (nodeId: string) => ok(api.stake.getstatus.$get({ query: { nodeId } }));
