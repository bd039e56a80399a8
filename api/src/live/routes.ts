/**
 * The live stream (`/api/live`, `/api/live/public`): server-sent events that tell open pages what changed, from the
 * database's announcements and the indexer's notifications, and the answer cache those announcements empty.
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { signedIn, readAccountFacts } from "../auth/index.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import { writesItself } from "../shared/direct-body.ts";
import { createRouter, describe, ERROR_RESPONSES as E } from "../shared/openapi.ts";
import type { Audience, LiveHub, StreamSession } from "./hub.ts";
import type { LiveEvent, LiveTopic } from "./schema.ts";
import { LIVE_EVENT_NAME, LIVE_TOPICS, LIVE_PATHS, PUBLIC_TOPICS } from "./schema.ts";

/**
 * What a client may leave unread before its stream is ended (it reconnects with Last-Event-ID and gets one catch-up
 * event): a stalled client must not make the API hold its events without end. About 256 events.
 */
const MAX_UNREAD_BYTES = 64 * 1024;
const encoder = new TextEncoder();
const KEEP_ALIVE = encoder.encode(": keep-alive\n\n");

const events = createRoute({
  method: "get",
  path: LIVE_PATHS.events,
  ...describe(
    "signed-in",
    "Server-Sent Events: a `chain` event (JSON {block, topics, wallets}, id = indexed block) whenever the indexer indexes something that concerns the signed-in operator (admins: anything); an operator's event for their own stake change also carries tillStake, their new total in wei",
  ),
  middleware: [signedIn] as const,
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: { type: "string" } } } },
    401: E[401],
    403: E[403],
  },
});

const publicEvents = createRoute({
  method: "get",
  path: LIVE_PATHS.publicEvents,
  ...describe(
    "public",
    "Server-Sent Events for pages without a session (the sign-in pages): a `chain` event whenever a topic that concerns everybody changes (the stake limits, the site settings)",
  ),
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: { type: "string" } } } },
  },
});

interface StreamOptions {
  audience: Audience;
  /** What a stream resuming from an older event is told to refresh. */
  catchUp: { topics: LiveTopic[]; wallets: string[] };
  session?: Omit<StreamSession, "end">;
  /** Runs once the stream is in the hub. */
  subscribed?: () => Promise<void>;
}

let lastEncoded: { event: LiveEvent; bytes: Uint8Array } | undefined;
/** An event as SSE bytes; the hub hands one event object to every stream it goes to, so it is encoded once for all. */
function sse(event: LiveEvent): Uint8Array {
  if (lastEncoded?.event !== event)
    lastEncoded = {
      event,
      bytes: encoder.encode(`event: ${LIVE_EVENT_NAME}\nid: ${event.block}\ndata: ${JSON.stringify(event)}\n\n`),
    };
  return lastEncoded.bytes;
}

/** Where a stream's bytes go: its body's ReadableStream, or Node's response once that takes the body itself. */
interface Sink {
  write(bytes: Uint8Array): void;
  end(): void;
  /** The bytes written and not yet taken by the client. */
  unread(): number;
}

/**
 * Sends the hub's events for `audience` until the client leaves or the session ends. The hub writes to a stream when an
 * event concerns it, and its keep-alives come from the hub's one timer: an open stream holds no loop, timer or buffer of
 * its own while nothing happens. Served by Node (withDirectBodies) the bytes go straight to the socket, without the web
 * streams between (their objects and promises per stream were most of a stream's memory).
 */
function liveStream(c: Context, hub: LiveHub, { audience, catchUp, session, subscribed }: StreamOptions) {
  const lastSeen = Number(c.req.header("last-event-id"));
  let open = true;
  let direct = false;
  let sink!: Sink;
  /** Events heard before the stream could take them: once the session is read again and a sink takes bytes. */
  let held: LiveEvent[] | null = [];
  let catchUpEvent: LiveEvent | undefined;
  const waiting = { subscribed: true, sink: true };
  const leave = () => {
    if (!open) return false;
    open = false;
    unsubscribe();
    return true;
  };
  const close = () => {
    if (leave()) sink.end();
  };
  const write = (bytes: Uint8Array) => {
    if (!open) return;
    if (sink.unread() > MAX_UNREAD_BYTES) close();
    else sink.write(bytes);
  };
  const release = (ready: keyof typeof waiting) => {
    waiting[ready] = false;
    if (waiting.subscribed || waiting.sink || held === null) return;
    const events = held;
    held = null;
    if (catchUpEvent) write(sse(catchUpEvent));
    for (const event of events) write(sse(event));
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (controller) => {
        sink = {
          write: (bytes) => controller.enqueue(bytes),
          end: () => controller.close(),
          unread: () => -(controller.desiredSize ?? 0),
        };
      },
      pull: () => release("sink"),
      // Once Node's response took the body over (withDirectBodies), the stream's cancel is not the client leaving.
      cancel: () => {
        if (!direct) leave();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  writesItself(body, (out) => {
    direct = true;
    sink = { write: (bytes) => out.write(bytes), end: () => out.end(), unread: () => out.writableLength };
    if (!open) return void out.end();
    out.on("close", leave);
    out.flushHeaders();
    release("sink");
  });
  const unsubscribe = hub.subscribe(
    audience,
    (event) => (held ? held.push(event) : write(sse(event))),
    session && { ...session, end: close },
    () => write(KEEP_ALIVE),
  );
  void (async () => {
    await subscribed?.();
    const latest = hub.latestBlock();
    if (Number.isInteger(lastSeen) && latest !== null && lastSeen < latest)
      catchUpEvent = { block: latest, ...catchUp };
    release("subscribed");
  })().catch(close);
  return c.body(body, 200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
    "Transfer-Encoding": "chunked",
  });
}

/**
 * One stream per signed-in tab. A stream resuming with Last-Event-ID older than the newest event gets
 * one catch-up event naming every topic, so the tab refreshes what it may have missed. The stream
 * ends with its session: at the token's exp, and when the account's sessions end on any instance
 * (the database announces it, the hub ends the stream). The account is read again once the stream is
 * in the hub, so a session ended while it opened is caught by either that read or the announcement.
 * A page without a session hears only the topics that concern everybody, on a stream of its own.
 */
export const liveRoutes = createRouter()
  .openapi(events, (c) => {
    const session = c.get("session")!;
    const { live: hub, db } = c.get("deps");
    return liveStream(c, hub, {
      audience: { userType: session.userType, wallet: session.walletAddress },
      catchUp: {
        topics: [...LIVE_TOPICS],
        wallets: session.walletAddress ? [session.walletAddress.toLowerCase()] : [],
      },
      session: { accountId: session.sub, version: session.ver, exp: session.exp },
      subscribed: async () =>
        hub.sessionsChanged(session.userType, session.sub, await readAccountFacts(db, session.userType, session.sub)),
    });
  })
  .openapi(publicEvents, (c) =>
    liveStream(c, c.get("deps").live, {
      audience: { userType: USER_TYPE.user },
      catchUp: { topics: [...PUBLIC_TOPICS], wallets: [] },
    }),
  );
