import { MESSAGES } from "@pli/api/contract";
import { tokenStore } from "../session/token-store";

/** A failed call: HTTP status, the server's message and its field error map when it sent one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Listeners told when the server refuses the session, so the app can sign the person out. */
const unauthorizedListeners = new Set<() => void>();
export const onUnauthorized = (listener: () => void) => {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
};

/** Calls the API with the session token; parses JSON; throws HttpError for any non-2xx answer. */
export async function http<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload });
  } catch {
    throw new HttpError(0, MESSAGES.errorTryAgain);
  }
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const data = (json ?? {}) as { error?: string; errors?: Record<string, string> };
    if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener());
    throw new HttpError(response.status, data.error ?? MESSAGES.errorTryAgain, data.errors ?? {});
  }
  return json as T;
}

export const errorMessage = (error: unknown) => (error instanceof HttpError ? error.message : MESSAGES.errorTryAgain);
