import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "../api/http";
import { liveMeta } from "../live/live-store";

/** Query keys of the site settings: invalidating `all` refreshes every reader. */
export const settingsKeys = { all: ["settings"] as const };

export const getSettings = () => ok(api.setting.$get());

/**
 * Refreshed by every indexed change of the contract's stake limits (the minimum and maximum are the chain's) and every
 * saved change of the settings.
 */
export const settingsQueryOptions = () =>
  queryOptions({
    meta: liveMeta("limits", "setting"),
    queryKey: settingsKeys.all,
    queryFn: getSettings,
    staleTime: 60_000,
  });

/** Public site settings (the contract's stake limits, the multiple, the incentive), loaded at start. */
export const useSettings = () => useQuery(settingsQueryOptions());
