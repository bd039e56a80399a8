import { COMMON_MESSAGES } from "@pli/api/public-contract/constants";
import type { AppType } from "@pli/api/types";
import { hc, type ClientResponse } from "hono/client";
import { tokenStore } from "../session/token-store";

/** A failed call: HTTP status, the server's message, its field error map when it sent one, and the whole answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly body: unknown = undefined,
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

/** Calls in flight that end the account's other sessions and answer the token to carry on with. */
const renewals = new Set<Promise<unknown>>();

/**
 * Runs a call that replaces the session (a 2FA or password change ends the earlier sessions and answers a new
 * token) and keeps the token it answers. A request sent with the old token meanwhile is refused: that refusal
 * signs no one out, since the session goes on under the new token.
 */
export function renewSession<T extends { token: string }>(call: Promise<T>): Promise<T> {
  const renewed = call.then((answer) => {
    tokenStore.set(answer.token);
    return answer;
  });
  const settled: Promise<unknown> = renewed.then(
    () => renewals.delete(settled),
    () => renewals.delete(settled),
  );
  renewals.add(settled);
  return renewed;
}

/** Signs out when the refused token is still the session's, once every renewal in flight has settled. */
function refused(token: string) {
  const announce = () => {
    if (tokenStore.get() === token) unauthorizedListeners.forEach((listener) => listener());
  };
  if (renewals.size === 0) announce();
  else void Promise.all(renewals).then(announce);
}

/** fetch with the session token; a refusal of the session's current token (401 while signed in) is announced. */
export const sessionFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set("accept", "application/json");
  const token = tokenStore.get();
  if (token) headers.set("authorization", `Bearer ${token}`);
  const response = await fetch(input, { ...init, headers });
  if (response.status === 401 && token) refused(token);
  return response;
};

/** The API client, typed from the API's route declarations (request bodies, queries and answers). */
export const api = hc<AppType>("/", { fetch: sessionFetch }).api;
export const uploads = hc<AppType>("/", { fetch: sessionFetch }).upload;

/** Tells the server to end every session of the token's account; the app has already let go of the token. */
export const endServerSessions = (token: string) =>
  api.user.logout.$post(undefined, { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);

type Success<R> =
  R extends ClientResponse<infer Body, infer Status, "json"> ? (Status extends 200 | 201 ? Body : never) : never;

/**
 * The body of a 2xx answer, typed by the route's declaration; any other answer throws HttpError with
 * the server's message and field map (or 'Error Occured Try Again' when there is none).
 */
export async function ok<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<Success<R>> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new HttpError(0, COMMON_MESSAGES.errorTryAgain);
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
    throw new HttpError(response.status, data.error ?? COMMON_MESSAGES.errorTryAgain, data.errors ?? {}, json);
  }
  return json as Success<R>;
}

export const errorMessage = (error: unknown) =>
  error instanceof HttpError ? error.message : COMMON_MESSAGES.errorTryAgain;

/** The server's messages by field (none for a failure that is not the server's answer). */
export const fieldErrors = (error: unknown): Record<string, string | undefined> =>
  error instanceof HttpError ? error.errors : {};

/** The server's message about `field` when it sent one, otherwise the failure's message. */
export const fieldErrorMessage = (error: unknown, field: string) =>
  error instanceof HttpError ? (error.errors[field] ?? error.message) : COMMON_MESSAGES.errorTryAgain;
