import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";

export const networkKeys = { figures: ["network"] as const };

export const getNetwork = () => ok(api.network.$get());

/** The public network figures (GET /api/network): the same for every visitor, signed in or not. */
export const networkQueryOptions = () => queryOptions({ queryKey: networkKeys.figures, queryFn: getNetwork });

export const useNetwork = () => useQuery(networkQueryOptions());
