import { ServerResponse } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { isJsonAnswer } from "./compression.ts";

/** Writes a body straight to Node's response, ending it (or destroying it on a failure) when done. */
export type DirectWriter = (out: ServerResponse) => void;

const writers = new WeakMap<ReadableStream<Uint8Array>, DirectWriter>();

/**
 * Marks `body` as one that can also write itself to Node's response with `write`, which sees when each chunk has
 * gone out (write callbacks) and so can use its memory again: a ReadableStream's reader may keep every chunk it is
 * given, so the stream itself must hand out chunks of their own. Served by Node (withDirectBodies), the answer
 * takes `write`; anywhere else (app.request, a test) the stream.
 */
export function writesItself(body: ReadableStream<Uint8Array>, write: DirectWriter) {
  writers.set(body, write);
  return body;
}

/** How `body` writes itself to Node's response, if it can: for a stream wrapping it to pass on (writesItself). */
export const directWriterOf = (body: ReadableStream<Uint8Array>): DirectWriter | undefined => writers.get(body);

/**
 * The app's fetch for @hono/node-server, answering with a body's DirectWriter when it has one (after every
 * middleware made the answer: its status and headers are the answer's). Only a CSV or event-stream body is looked at,
 * so every other answer keeps node-server's fast path (reading `body` would build a full Response).
 */
export function withDirectBodies(
  fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>,
) {
  return async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    const response = await fetch(request, env);
    if (isJsonAnswer(response)) return response;
    const type = response.headers.get("content-type");
    if (!type?.startsWith("text/csv") && !type?.startsWith("text/event-stream")) return response;
    const body = response.body;
    const write = body && writers.get(body);
    const out = env.outgoing;
    if (!write || !(out instanceof ServerResponse) || out.headersSent) return response;
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    out.writeHead(response.status, headers);
    // The writer takes the body over before its stream is cancelled, so that the body can tell that cancel from a
    // client that left (a live stream goes on, written to directly).
    write(out);
    void body.cancel();
    return RESPONSE_ALREADY_SENT;
  };
}
