import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

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

/** Maps anything thrown by a route to the one error shape; unknown failures get an id and no detail. */
export function handleError(error: Error, c: Context, log: (line: string) => void = console.error) {
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
  const id = randomUUID();
  log(`[${id}] ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
  return c.json({ error: "Internal server error", id }, 500);
}
