import type { NetworkListingInput } from "@pli/api/public-contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";

const listingKeys = { listing: ["network-listing"] as const };

export const getNetworkListing = () => ok(api.network.listing.$get());

/** Whether the public network page shows the signed-in operator's node names. */
export const useNetworkListing = () =>
  useQuery(queryOptions({ queryKey: listingKeys.listing, queryFn: getNetworkListing }));

export const saveNetworkListing = (input: NetworkListingInput) => ok(api.network.listing.$put({ json: input }));

/** Saves the choice: the switch shows it at once, goes back if the save fails, and follows the answer. */
export function useSaveNetworkListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNetworkListing,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: listingKeys.listing });
      const previous = queryClient.getQueryData<NetworkListingInput>(listingKeys.listing);
      queryClient.setQueryData(listingKeys.listing, next);
      return { previous };
    },
    onError: (_error, _next, context) => queryClient.setQueryData(listingKeys.listing, context?.previous),
    onSuccess: (result) => queryClient.setQueryData(listingKeys.listing, result.data),
  });
}
