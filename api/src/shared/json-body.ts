import { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { AppError, validationError } from "./errors.ts";
import { isJsonMediaType, mediaTypeOf } from "./media-type.ts";

/** The answer to a body over the limit. */
export const bodyTooLarge = () => new AppError("payloadTooLarge", "Request body too large");

/**
 * Reads a JSON body of declared length straight from Node's request stream, refusing one longer than
 * `maxSize` from its header alone, and keeps it as the request's text body: `c.req.text()` and
 * `c.req.json()` (the validators') then answer from it, and @hono/node-server builds the fetch Request,
 * if anything still asks for it, from the bytes read (`rawBody`). That spares every JSON request the
 * Request and web streams, which cost more than the rest of a list answered from the answer cache.
 * Answers false, reading nothing, when it does not apply: not under @hono/node-server, no declared length,
 * a transfer encoding, or not JSON; the caller's body limit then runs as before.
 */
export async function readDeclaredJsonBody(c: Context<AppEnv>, maxSize: number): Promise<boolean> {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  const length = c.req.header("content-length");
  if (!(incoming instanceof IncomingMessage) || length === undefined || c.req.header("transfer-encoding") !== undefined)
    return false;
  if (!isJsonMediaType(mediaTypeOf(c.req.header("content-type"))) || incoming.readableEnded) return false;
  if (!/^\d+$/.test(length)) return false;
  if (Number(length) > maxSize) throw bodyTooLarge();
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
  } catch {
    throw validationError({ body: MESSAGES.unreadableBody });
  }
  const bytes = Buffer.concat(chunks);
  Object.assign(incoming, { rawBody: bytes });
  // Hono keeps each body it read as a promise there (its type says the value), and chains on it.
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(new TextDecoder().decode(bytes));
  return true;
}
