import { OpenAPIHono } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import type { AppEnv } from "../app-env.ts";
import { errorSchema } from "./schema.ts";
import { rejectInvalid } from "./validate.ts";

/** Who may call a route; published in the OpenAPI document as `x-access`. */
export type Access = "public" | "user" | "admin" | "signed-in";

/**
 * A feature's router. Each route is declared once with `createRoute`: the declaration validates the
 * request, documents it in /api/openapi.json and types the web's client. Failed checks answer 400
 * with the field map (see rejectInvalid). Before a route's handler sees any input, the app refuses control characters
 * and halves of surrogate pairs in it (shared/control-characters.ts).
 */
export const createRouter = () => new OpenAPIHono<AppEnv>({ strict: false, defaultHook: rejectInvalid });

/** A JSON request body, required. */
export const jsonBody = <T extends ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

/** A JSON response. */
export const jsonResponse = <T extends ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

const error = (description: string) => jsonResponse(errorSchema, description);

/** The error answers every route may give (one error shape, see shared/errors.ts). */
export const ERROR_RESPONSES = {
  400: error("Invalid input: `{error, errors: {field: message}}`"),
  401: error("No or expired session"),
  403: error("Wrong role"),
  404: error("Not found (or not yours)"),
  409: error("Conflicts with the record's state"),
  413: error("Body too large"),
  429: {
    ...error("Rate limited"),
    headers: {
      "Retry-After": {
        description: "Seconds until the limit lets a request through again",
        schema: { type: "integer", minimum: 1 },
      },
    },
  },
  500: error("Unexpected failure: `{error, id}`"),
  503: error("A part the route needs is unavailable"),
} as const;

/** Route metadata: who may call it and what it does. */
export const describe = (access: Access, summary: string) => ({
  summary,
  "x-access": access,
  ...(access === "public" ? {} : { security: [{ bearer: [] }] }),
});
