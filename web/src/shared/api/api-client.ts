import type { z } from "zod";

/** A failed call to the API: its HTTP status and the body it answered with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`The API answered ${status}`);
    this.name = "ApiError";
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** GETs `path` and checks the answer against `schema`, so nothing unchecked enters the app. */
export async function apiGet<Schema extends z.ZodType>(path: string, schema: Schema, signal?: AbortSignal): Promise<z.output<Schema>> {
  const response = await fetch(path, { headers: { Accept: "application/json" }, signal });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return schema.parse(body);
}
