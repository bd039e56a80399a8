import { createRoute } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { signedIn } from "../auth/middleware.ts";
import { createRouter, describe, ERROR_RESPONSES as E } from "../shared/openapi.ts";
import type { LiveEvent } from "./schema.ts";
import { LIVE_EVENT_NAME, LIVE_TOPICS } from "./schema.ts";

const KEEP_ALIVE_MS = 25_000;

const events = createRoute({
  method: "get",
  path: "/",
  ...describe("signed-in", "Server-Sent Events: a `chain` event (JSON {block, topics, wallets}, id = indexed block) whenever the indexer indexes something that concerns the signed-in operator (admins: anything)"),
  middleware: [signedIn] as const,
  responses: { 200: { description: "An event stream", content: { "text/event-stream": { schema: { type: "string" } } } }, 401: E[401], 403: E[403] },
});

/**
 * One stream per signed-in tab. A stream resuming with Last-Event-ID older than the newest event gets
 * one catch-up event naming every topic, so the tab refreshes what it may have missed.
 */
export const liveRoutes = createRouter().openapi(events, (c) => {
  const session = c.get("session")!;
  const hub = c.var.deps.live;
  const lastSeen = Number(c.req.header("last-event-id"));
  return streamSSE(c, async (stream) => {
    const send = (event: LiveEvent) => stream.writeSSE({ event: LIVE_EVENT_NAME, id: String(event.block), data: JSON.stringify(event) });
    const queue: LiveEvent[] = [];
    let wake: (() => void) | null = null;
    const unsubscribe = hub.subscribe({ userType: session.userType, wallet: session.walletAddress }, (event) => {
      queue.push(event);
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    const latest = hub.latestBlock();
    if (Number.isInteger(lastSeen) && latest !== null && lastSeen < latest) {
      await send({ block: latest, topics: [...LIVE_TOPICS], wallets: session.walletAddress ? [session.walletAddress.toLowerCase()] : [] });
    }
    while (!stream.aborted) {
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
      if (queue.length === 0 && !stream.aborted) await stream.write(": keep-alive\n\n");
    }
    unsubscribe();
  });
});
