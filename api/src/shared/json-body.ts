import { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { AppError, validationError } from "./errors.ts";
import { isJsonMediaType, mediaTypeOf } from "./media-type.ts";

/**
 * Decodes a body as fetch's `Request.text()` does (UTF-8, a byte order mark dropped); one for every request, as making
 * one costs more than decoding a small body, and a decode without `stream` keeps nothing between calls.
 */
const utf8 = new TextDecoder();

/** The answer to a body over the limit. */
export const bodyTooLarge = () => new AppError("payloadTooLarge", "Request body too large");

/**
 * Every byte of the request stream, from its events: an async iterator over it (`for await`) costs a request answered
 * from the answer cache several times what the read itself does. Fails when the stream fails or closes before its end
 * (the client went away mid-body).
 */
function readToEnd(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (incoming.destroyed) return reject(new Error("the request stream is closed"));
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.once("end", () => resolve(Buffer.concat(chunks)));
    incoming.once("error", reject);
    incoming.once("close", () => {
      if (!incoming.readableEnded) reject(new Error("the request stream closed before its end"));
    });
  });
}

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
  const bytes = await readToEnd(incoming).catch(() => {
    throw validationError({ body: MESSAGES.unreadableBody });
  });
  Object.assign(incoming, { rawBody: bytes });
  // Hono keeps each body it read as a promise there (its type says the value), and chains on it.
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(utf8.decode(bytes));
  return true;
}
