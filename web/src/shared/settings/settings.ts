import { API, type SettingResponse } from "@pli/api/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { http } from "../api/http";

export const settingsQueryOptions = () => queryOptions({ queryKey: ["settings"], queryFn: () => http<SettingResponse>("GET", `${API.setting}/`), staleTime: 60_000 });

/** Public site settings (stake limits, multiple, incentive), loaded at start. */
export const useSettings = () => useQuery(settingsQueryOptions());
