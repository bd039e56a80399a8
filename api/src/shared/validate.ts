import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { validationError } from "./errors.ts";

/** zod validation for a request part; a failure answers 400 `{errors: {field: message}}`. */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const field = issue.path.length > 0 ? issue.path.join(".") : "body";
        errors[field] ??= issue.message;
      }
      throw validationError(errors);
    }
  });
