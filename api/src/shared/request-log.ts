import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../app-env.ts";
import type { SessionClaims } from "../public-contract/index.ts";
import type { Log } from "./logger.ts";
import { HEALTH_PATHS } from "../health/schema.ts";
import { isJsonAnswer } from "./compression.ts";
import { directWriterOf, writesItself } from "./direct-body.ts";
import { isExpected } from "./errors.ts";
import { readHeadersFromNode, requestHeader, setAnswerHeader } from "./node-bindings.ts";

const PROBES = new Set<string>(Object.values(HEALTH_PATHS));

/**
 * The level of a request's line: error for a 5xx; debug for a health probe that answered (the load balancer and the
 * container runtime ask every few seconds), warn for one that did not (a readiness 503 says a part is down); info
 * otherwise.
 */
function levelOf(route: string, status: number) {
  if (PROBES.has(route)) return status < 400 ? "debug" : "warn";
  return status >= 500 ? "error" : "info";
}

const REQUEST_ID_HEADER = "x-request-id";
/** A caller's request id that is kept: at most 128 letters, digits, `_`, `-` and `=`. */
const PLAIN_REQUEST_ID = /^[\w\-=]{1,128}$/;

/** The id of a request whose `X-Request-Id` is `given` (see requestIdentity). */
export const requestIdFor = (given: string | undefined): string =>
  given !== undefined && PLAIN_REQUEST_ID.test(given) ? given : crypto.randomUUID();

/**
 * The request's id: a caller's own `X-Request-Id` when it is short and plain (letters, digits, `_`, `-`, `=`), else a
 * new one; answered in `X-Request-Id`, logged with the request and given as the `id` of a 500. Hono's requestId
 * middleware does the same through fetch Headers objects, which an answer served by Node does without
 * (node-bindings.ts).
 */
export const requestIdentity = createMiddleware<AppEnv>(async (c, next) => {
  readHeadersFromNode(c);
  const id = requestIdFor(requestHeader(c, REQUEST_ID_HEADER));
  c.set("requestId", id);
  setAnswerHeader(c, REQUEST_ID_HEADER, id);
  await next();
});

/**
 * `body` as it is, calling `ended` once when it has been read to its end, failed, or been cancelled by the client
 * (a live stream ends that way). A body that writes itself to Node's response (writesItself) still does, through the
 * stream returned, and `ended` is called when that response closes. Nothing is read from `body` before its reader asks.
 */
function onEnd(body: ReadableStream<Uint8Array>, ended: () => void) {
  const reader = body.getReader();
  let done = false;
  let written = false;
  const end = () => {
    if (done) return;
    done = true;
    ended();
  };
  const write = directWriterOf(body);
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const chunk = await reader.read();
          if (chunk.done) {
            controller.close();
            end();
          } else controller.enqueue(chunk.value);
        } catch (error) {
          controller.error(error);
          end();
        }
      },
      cancel(reason) {
        // Cancelled once its writer took the body over, the body goes on (see withDirectBodies).
        if (!written) end();
        return reader.cancel(reason);
      },
    },
    new CountQueuingStrategy({ highWaterMark: 0 }),
  );
  if (!write) return stream;
  return writesItself(stream, (out) => {
    written = true;
    out.once("close", end);
    write(out);
  });
}

/**
 * The request's line (see requestLog), written by the function returned once it is answered or its stream has ended:
 * that function holds what the line says, not the request (a live stream keeps it for as long as it is open).
 */
function requestLine(c: Context<AppEnv>, route: string, started: number): () => void {
  const facts: RequestFacts = {
    id: c.get("requestId"),
    method: c.req.method,
    route,
    status: c.res.status,
    started,
    session: c.get("session"),
    failure: c.error && !isExpected(c.error) ? c.error : undefined,
  };
  const log = c.get("deps").log;
  return () => writeRequestLine(log, facts);
}

/** What a request's line says (see requestLog); `started` is when it came in (performance.now()). */
export interface RequestFacts {
  id: string;
  method: string;
  route: string;
  status: number;
  started: number;
  session?: Pick<SessionClaims, "sub" | "userType">;
  failure?: Error;
}

/** Writes the line of a request answered now (see requestLog). */
export function writeRequestLine(log: Log, { id, method, route, status, started, session, failure }: RequestFacts) {
  log[levelOf(route, status)](
    {
      id,
      method,
      route,
      status,
      durationMs: Math.round(performance.now() - started),
      ...(session ? { accountId: session.sub, role: session.userType } : {}),
      ...(failure ? { err: failure } : {}),
    },
    "request",
  );
}

/**
 * One log line per request once it is answered: id, method, route pattern (never the URL, which holds ids and
 * queries), status, duration and the signed-in account, at the level levelOf gives. An unexpected failure's line
 * has its stack. A live stream (Server-Sent Events) is logged once, when it ends. Bodies and headers are never logged.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  const route = routePath(c);
  const body =
    !isJsonAnswer(c.res) && c.res.headers.get("content-type")?.startsWith("text/event-stream") ? c.res.body : null;
  const line = requestLine(c, route, started);
  if (body) c.res = new Response(onEnd(body, line), c.res);
  else line();
});
