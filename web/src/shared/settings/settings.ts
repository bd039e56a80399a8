import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "../api/http";

export const settingsQueryOptions = () => queryOptions({ queryKey: ["settings"], queryFn: () => ok(api.setting.$get()), staleTime: 60_000 });

/** Public site settings (stake limits, multiple, incentive), loaded at start. */
export const useSettings = () => useQuery(settingsQueryOptions());
