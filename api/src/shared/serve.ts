import {
  createServer,
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
} from "node:http";
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { AnswerReplays } from "./answer-replay.ts";
import { withDirectBodies } from "./direct-body.ts";

/** Statuses whose answer has no body, so no Content-Type (RFC 9110 6.4.1). */
const BODILESS = new Set([204, 304]);

/**
 * Node's response for the API's answers. @hono/node-server gives every answer without a Content-Type one of
 * `text/plain; charset=UTF-8`, a 304 included; a cache that revalidates a JSON answer updates its stored headers with
 * the 304's (RFC 9111 4.3.4), so the kept answer would turn into text. A bodiless answer is written without one.
 */
class ApiResponse<Incoming extends IncomingMessage = IncomingMessage> extends ServerResponse<Incoming> {
  override writeHead(
    statusCode: number,
    statusMessageOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    if (BODILESS.has(statusCode)) {
      this.removeHeader("content-type");
      for (const given of [statusMessageOrHeaders, headers])
        if (given && typeof given === "object" && !Array.isArray(given))
          for (const name of Object.keys(given)) if (name.toLowerCase() === "content-type") delete given[name];
    }
    return typeof statusMessageOrHeaders === "string"
      ? super.writeHead(statusCode, statusMessageOrHeaders, headers)
      : super.writeHead(statusCode, statusMessageOrHeaders);
  }
}

/**
 * Serves the API's fetch on Node as production serves it: bodies that write themselves go straight to Node's response
 * (withDirectBodies), a bodiless answer carries no Content-Type (ApiResponse), and with `replays` a signed-in list
 * answer from the answer cache is served again before the app (AnswerReplays).
 */
export function serveApi(
  fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>,
  address: { port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
  replays?: AnswerReplays,
): ServerType {
  return serve(
    {
      fetch: withDirectBodies(fetch),
      ...address,
      serverOptions: { ServerResponse: ApiResponse },
      ...(replays
        ? {
            createServer: ((options: object, listener: Parameters<AnswerReplays["listener"]>[0]) =>
              createServer(options, replays.listener(listener))) as typeof createServer,
          }
        : {}),
    },
    onListening,
  );
}
