import { COMMON_MESSAGES } from "@pli/api/public-contract/constants";
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { z } from "zod";
import { HttpError } from "../api/http";
import { reportError } from "../api/settle";
import { useToast } from "../ui/toast";

type Errors<Field extends string> = Partial<Record<Field, string>>;

/** The first message of each field a failed check names. */
function errorsOf<Field extends string>(error: z.ZodError, fields: readonly Field[]): Errors<Field> {
  const errors: Errors<Field> = {};
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A form for the sign-in pages, which must load fast: checked with the API's own zod schema like useSchemaForm, and
 * shown the same way (the first error under each field, 'Check all the fields', the first wrong field focused, each
 * field checked again as it changes once the form was sent, the server's field map under the fields), but without a
 * form library, and the schema (with zod) loads with the first check instead of with the page.
 */
export function useLightForm<Schema extends z.ZodType<Record<Field, unknown>>, Field extends string>(
  loadSchema: () => Promise<Schema>,
  fields: readonly Field[],
) {
  const toast = useToast();
  const [errors, setErrors] = useState<Errors<Field>>({});
  const values = useRef<Record<string, string>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const sent = useRef(false);

  const check = useCallback(async () => (await loadSchema()).safeParse({ ...values.current }), [loadSchema]);

  /** The props of a field's input: its name, its value kept here, its error. */
  const field = (name: Field) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      values.current[name] = event.currentTarget.value;
      if (!sent.current) return;
      void check().then((result) =>
        setErrors((shown) => ({ ...shown, [name]: result.success ? undefined : errorsOf(result.error, fields)[name] })),
      );
    },
    error: errors[name],
    errorProps: { role: "alert" },
  });

  /** Checks the form, then hands the schema's output to `onValid`; otherwise shows what is wrong. */
  const handleSubmit = (onValid: (input: z.output<Schema>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sent.current = true;
    for (const name of fields) values.current[name] = inputs.current[name]?.value ?? values.current[name] ?? "";
    void check().then((result) => {
      if (result.success) {
        setErrors({});
        onValid(result.data);
        return;
      }
      const found = errorsOf(result.error, fields);
      setErrors(found);
      const first = fields.find((name) => found[name]);
      if (first) inputs.current[first]?.focus();
      toast.error(COMMON_MESSAGES.checkAllFields);
    });
  };

  /** Shows a failed call: its field errors under the fields, or its message. */
  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof HttpError && Object.keys(error.errors).length > 0) {
        setErrors(error.errors as Errors<Field>);
        toast.error(COMMON_MESSAGES.checkAllFields);
      } else {
        reportError(error);
      }
    },
    [toast],
  );

  return { field, handleSubmit, fail };
}
