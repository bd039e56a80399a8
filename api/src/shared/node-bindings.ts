import { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";

/**
 * The request and response of Node's HTTP server behind a request that @hono/node-server serves (its bindings), or
 * undefined under `app.request` (a test). Reading and writing headers there skips the fetch Headers objects a request
 * and an answer otherwise get: building and validating them cost an answer from the answer cache about as much as
 * the rest of its work.
 */
function bindingsOf(c: Context): { incoming?: unknown; outgoing?: unknown } | undefined {
  return c.env as { incoming?: unknown; outgoing?: unknown } | undefined;
}

/** The Node response the answer will be written to, or undefined (see bindingsOf). */
export function nodeResponseOf(c: Context): ServerResponse | undefined {
  const out = bindingsOf(c)?.outgoing;
  return out instanceof ServerResponse ? out : undefined;
}

/**
 * A request header as `c.req.header(name)` gives it (repeated headers joined with ", "), read from Node's parse of the
 * request when there is one.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = bindingsOf(c)?.incoming;
  if (!(incoming instanceof IncomingMessage)) return c.req.header(name);
  return incoming.headersDistinct[name]?.join(", ");
}

/** Sets a header of the answer: on Node's response before the answer is made, when there is one (see bindingsOf). */
export function setAnswerHeader(c: Context, name: Lowercase<string>, value: string): void {
  const out = nodeResponseOf(c);
  if (out) out.setHeader(name, value);
  else c.header(name, value);
}

/**
 * Makes `c.req.header` read Node's parse of the request when @hono/node-server serves it (see bindingsOf): Hono's
 * validators read the Content-Type of every request, a GET's included, and the first read of a header would otherwise
 * build a fetch Headers object of every header the request has.
 */
export function readHeadersFromNode(c: Context): void {
  const incoming = bindingsOf(c)?.incoming;
  if (!(incoming instanceof IncomingMessage)) return;
  const { headersDistinct } = incoming;
  function header(name: string): string | undefined;
  function header(): Record<string, string>;
  function header(name?: string) {
    if (name !== undefined) return headersDistinct[name.toLowerCase()]?.join(", ");
    return Object.fromEntries(Object.entries(headersDistinct).map(([key, values]) => [key, values!.join(", ")]));
  }
  Object.defineProperty(c.req, "header", { value: header });
}
