import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { validatorKeys } from "./keys";

/** POST /api/validator/import: every row saved, or none and the errors per row. */
export const importValidators = (rows: Record<string, string>[]) => ok(api.validator.import.$post({ json: { rows } }));

export function useImportValidators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importValidators,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: validatorKeys.all }),
  });
}
