import { MESSAGES } from "@pli/api/contract";
import { useCallback, useState } from "react";
import { HttpError } from "../api/http";
import { useToast } from "./toast";

/**
 * Server field errors for a form: shown under their fields, and 'Check all the fields' raised whenever
 * they change. A failure without field errors shows the server's message.
 */
export function useServerErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof HttpError && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
        toast.error(MESSAGES.checkAllFields);
      } else {
        setErrors({});
        toast.error(error instanceof HttpError ? error.message : MESSAGES.errorTryAgain);
      }
    },
    [toast],
  );
  const clear = useCallback(() => setErrors({}), []);
  /** Field errors found before anything was sent (same display as the server's). */
  const show = useCallback(
    (found: Record<string, string>) => {
      setErrors(found);
      toast.error(MESSAGES.checkAllFields);
    },
    [toast],
  );
  return { errors, fail, clear, show };
}

export function FieldError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  );
}
