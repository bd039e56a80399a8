import type { BrandResponse } from "@pli/api/public-contract";
import { UPLOAD_PATHS } from "@pli/api/public-contract/constants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "../api/http";
import { messages } from "../config/messages";
import { liveMeta } from "../live/live-store";

/** Query keys of the brand: invalidating `all` refreshes the frames, the title and the favicon. */
export const brandKeys = { all: ["brand"] as const };

export const getBrand = () => ok(api.setting.brand.$get());

/** Refreshed by every saved change of the site settings, in every open tab (the public `setting` live topic). */
export const brandQueryOptions = () =>
  queryOptions({ meta: liveMeta("setting"), queryKey: brandKeys.all, queryFn: getBrand, staleTime: 60_000 });

const NO_BRAND = { applicationEmail: "", logoUrl: "", contactNo: "", address: "" };

/**
 * The brand of the site settings: the application name, the logo file and the contact details. While it loads the name
 * is empty (no other name flashes first); when it cannot load, the name of index.html.
 */
export function useBrand(): BrandResponse {
  const { data, isError } = useQuery(brandQueryOptions());
  return data ?? { ...NO_BRAND, applicationName: isError ? messages.productName : "" };
}

/** The address of the logo file, or null when the settings have none. */
export const logoSrc = (brand: BrandResponse) =>
  brand.logoUrl ? `${UPLOAD_PATHS.staticFiles}/${brand.logoUrl}` : null;
