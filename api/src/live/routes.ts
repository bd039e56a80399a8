import { createRoute } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { signedIn } from "../auth/middleware.ts";
import { readAccountFacts } from "../auth/session.ts";
import { createRouter, describe, ERROR_RESPONSES as E } from "../shared/openapi.ts";
import type { LiveEvent } from "./schema.ts";
import { LIVE_EVENT_NAME, LIVE_TOPICS, LIVE_PATHS } from "./schema.ts";

const KEEP_ALIVE_MS = 25_000;

const events = createRoute({
  method: "get",
  path: LIVE_PATHS.events,
  ...describe(
    "signed-in",
    "Server-Sent Events: a `chain` event (JSON {block, topics, wallets}, id = indexed block) whenever the indexer indexes something that concerns the signed-in operator (admins: anything)",
  ),
  middleware: [signedIn] as const,
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: { type: "string" } } } },
    401: E[401],
    403: E[403],
  },
});

/**
 * One stream per signed-in tab. A stream resuming with Last-Event-ID older than the newest event gets
 * one catch-up event naming every topic, so the tab refreshes what it may have missed. The stream
 * ends with its session: at the token's exp, and when the account's sessions end on any instance
 * (the database announces it, the hub ends the stream). The account is read again once the stream is
 * in the hub, so a session ended while it opened is caught by either that read or the announcement.
 */
export const liveRoutes = createRouter().openapi(events, (c) => {
  const session = c.get("session")!;
  const { live: hub, db } = c.var.deps;
  const lastSeen = Number(c.req.header("last-event-id"));
  return streamSSE(c, async (stream) => {
    const send = (event: LiveEvent) =>
      stream.writeSSE({ event: LIVE_EVENT_NAME, id: String(event.block), data: JSON.stringify(event) });
    const queue: LiveEvent[] = [];
    let ended = false;
    let wake: (() => void) | null = null;
    const unsubscribe = hub.subscribe(
      { userType: session.userType, wallet: session.walletAddress },
      (event) => {
        queue.push(event);
        wake?.();
      },
      {
        accountId: session.sub,
        version: session.ver,
        exp: session.exp,
        end: () => {
          ended = true;
          wake?.();
        },
      },
    );
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    hub.sessionsChanged(session.userType, session.sub, await readAccountFacts(db, session.userType, session.sub));
    const latest = hub.latestBlock();
    if (!ended && Number.isInteger(lastSeen) && latest !== null && lastSeen < latest) {
      await send({
        block: latest,
        topics: [...LIVE_TOPICS],
        wallets: session.walletAddress ? [session.walletAddress.toLowerCase()] : [],
      });
    }
    while (!stream.aborted && !ended) {
      const next = queue.shift();
      if (next) {
        await send(next);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, KEEP_ALIVE_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (queue.length === 0 && !stream.aborted && !ended) await stream.write(": keep-alive\n\n");
    }
    unsubscribe();
  });
});
