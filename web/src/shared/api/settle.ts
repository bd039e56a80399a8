import { toast } from "../ui/toast";
import { errorMessage } from "./http";

/** What to do with a mutation's outcome. */
export interface Outcome<TData> {
  onSuccess?: (data: TData) => void;
  /**
   * How a failure is shown instead of the usual error toast with the server's message: a function (the
   * server's field errors under a form's fields, a toast that stays longer, a dialog), or "silent" where
   * the screen already shows the mutation's error itself or the failure needs no word.
   */
  onError?: ((error: Error) => void) | "silent";
}

/** The usual report of a failed call: a toast with the server's message, or 'Error Occured Try Again'. */
export const reportError = (error: unknown) => toast.error(errorMessage(error));

/**
 * Runs a mutation and reports its outcome even when the component that started it is gone by then.
 * TanStack Query drops the callbacks passed to `mutate()` once their component unmounts, and a live
 * update often unmounts the very button that caused it (a closed ticket loses its Close button, a sent
 * request replaces the request panel), so the toast and the navigation would be lost.
 * A failure is reported with `reportError` unless `onError` says otherwise; an error thrown by
 * `onSuccess` is not reported as the mutation's error.
 */
export async function settle<TData, TVariables>(
  mutation: { mutateAsync: (variables: TVariables) => Promise<TData> },
  variables: TVariables,
  outcome: Outcome<TData> = {},
): Promise<void> {
  let data: TData;
  try {
    data = await mutation.mutateAsync(variables);
  } catch (error) {
    const { onError = reportError } = outcome;
    if (onError !== "silent") onError(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  outcome.onSuccess?.(data);
}
