import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env.ts";
import { COMMON_MESSAGES } from "../public-contract/messages.ts";
import { concurrentChangeOf, outageOf } from "./outage.ts";

const ERROR_CODES = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * An expected failure with its HTTP status; validation failures carry a field → message map, and a
 * refusal that ends by itself (a rate limit) the seconds after which trying again can succeed.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_CODES[code];
  }
}

export const validationError = (errors: Record<string, string>) =>
  new AppError("validation", "Check all the fields", errors);

/** 429 with `Retry-After`: the refusal lifts after `retryAfterSeconds`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number, errors?: Record<string, string>) =>
  new AppError("tooManyRequests", message, errors, retryAfterSeconds);

/** A refusal the API meant to give (its own errors, Hono's): logged as its status alone, without a stack. */
export const isExpected = (error: Error) => error instanceof AppError || error instanceof HTTPException;

/** Seconds a client is told to wait after an outage's 503: a database restart or an RPC hiccup passes within a few. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * Maps anything thrown by a route to the one error shape. The database or the chain out of reach answers 503 with what
 * is down (the next request tries again: nothing is kept broken); a write the database refused because of another
 * change made meanwhile answers 409 (concurrentChangeOf); an unknown failure answers 500 with the request's id
 * and no detail. The request's log line carries either's stack under that id.
 */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined)
      c.header("Retry-After", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    return c.json(
      error.errors ? { error: error.message, errors: error.errors } : { error: error.message },
      error.status,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json({ error: error.message || "Request failed" }, status);
  }
  const outage = outageOf(error);
  if (outage) {
    c.header("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
    const message = outage === "chain" ? COMMON_MESSAGES.chainUnavailable : COMMON_MESSAGES.databaseUnavailable;
    return c.json({ error: message, id: c.get("requestId") }, 503);
  }
  if (concurrentChangeOf(error))
    return c.json({ error: COMMON_MESSAGES.changedMeanwhile, id: c.get("requestId") }, 409);
  return c.json({ error: "Internal server error", id: c.get("requestId") }, 500);
}
