import { COMMON_MESSAGES } from "@pli/api/public-contract/constants";
import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import type { z } from "zod";
import { HttpError } from "../api/http";
import { reportError } from "../api/settle";
import { formOutcome } from "../ui/toast";

/**
 * A form checked with the API's own zod schema before anything is sent. Errors the server still finds
 * arrive as its field map and are shown under the same fields; either way 'Check all the fields' is raised.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({ resolver: zodResolver(schema), defaultValues });
  const { setError } = form;
  /** Shows a failed call: its field errors under the fields, or its message. */
  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof HttpError && Object.keys(error.errors).length > 0) {
        for (const [field, message] of Object.entries(error.errors))
          setError(field as Path<z.input<Schema>>, { type: "server", message });
        formOutcome.error(COMMON_MESSAGES.checkAllFields);
      } else {
        reportError(error);
      }
    },
    [setError],
  );
  const onInvalid = useCallback(() => formOutcome.error(COMMON_MESSAGES.checkAllFields), []);
  /** The message to show under `field`, if any. */
  const errorOf = (field: Path<z.input<Schema>>): string | undefined => {
    const entry = field
      .split(".")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], form.formState.errors);
    return (entry as { message?: string } | undefined)?.message;
  };
  return { form, fail, onInvalid, errorOf };
}
