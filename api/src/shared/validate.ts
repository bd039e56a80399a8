import type { ZodError } from "zod";
import { validationError } from "./errors.ts";

/** A failed zod check as the API's field map: the first message per field, its path joined with dots. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "body";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The hook every route's validation ends in: a failure answers 400 `{error, errors: {field: message}}`. */
export const rejectInvalid = (result: { success: true } | { success: false; error: ZodError }) => {
  if (!result.success) throw validationError(fieldErrors(result.error));
};
