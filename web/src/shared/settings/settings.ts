import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "../api/http";

/** Query keys of the site settings: invalidating `all` refreshes every reader. */
export const settingsKeys = { all: ["settings"] as const };

export const getSettings = () => ok(api.setting.$get());

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsKeys.all, queryFn: getSettings, staleTime: 60_000 });

/** Public site settings (stake limits, multiple, incentive), loaded at start. */
export const useSettings = () => useQuery(settingsQueryOptions());
