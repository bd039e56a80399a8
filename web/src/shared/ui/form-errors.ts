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
  return { errors, fail, clear };
}
