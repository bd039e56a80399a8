import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { settingsKeys } from "./keys";

export const getPasskeys = () => ok(api.admin.passkey.$get());

export const passkeysQueryOptions = () => queryOptions({ queryKey: settingsKeys.passkeys, queryFn: getPasskeys });

/** The signed-in admin's passkeys and whether an emailed code may still sign them in. */
export const usePasskeys = () => useQuery(passkeysQueryOptions());
