import type { z } from "zod";
import type { validatorEntrySchema } from "@pli/api/public-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { validatorKeys } from "./keys";

export type ValidatorEntryBody = z.output<typeof validatorEntrySchema>;

/** POST /api/validator: admits one wallet. */
export const addValidator = (body: ValidatorEntryBody) => ok(api.validator.$post({ json: body }));

export function useAddValidator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addValidator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: validatorKeys.all }),
  });
}
