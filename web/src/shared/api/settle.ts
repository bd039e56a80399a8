/** What to do with a mutation's outcome. */
export interface Outcome<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: Error) => void;
}

/**
 * Runs a mutation and reports its outcome even when the component that started it is gone by then.
 * TanStack Query drops the callbacks passed to `mutate()` once their component unmounts, and a live
 * update often unmounts the very button that caused it (a closed ticket loses its Close button, a sent
 * request replaces the request panel), so the toast and the navigation would be lost.
 * An error thrown by `onSuccess` is not reported as the mutation's error.
 */
export async function settle<TData, TVariables>(
  mutation: { mutateAsync: (variables: TVariables) => Promise<TData> },
  variables: TVariables,
  outcome: Outcome<TData>,
): Promise<void> {
  let data: TData;
  try {
    data = await mutation.mutateAsync(variables);
  } catch (error) {
    outcome.onError?.(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  outcome.onSuccess?.(data);
}
