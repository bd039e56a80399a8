import { API, LIVE_EVENT_NAME, liveEventSchema } from "@pli/api/public-contract";
import { useQueryClient } from "@tanstack/react-query";
import { EventSource } from "eventsource";
import { useEffect } from "react";
import { useSession } from "../session/session-provider";
import { tokenStore } from "../session/token-store";
import { liveTopicsOf, noteLiveBlock } from "./live-store";

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * While someone is signed in, listens to the API's live stream: each chain event refreshes the
 * queries whose meta names one of its topics, so lists and totals follow the chain without polling.
 * The stream reconnects on its own and resumes from the last event it saw; the server ends it with
 * its session, so a new session (a 2FA change issues one) opens a new stream.
 */
export default function LiveEvents() {
  const { claims } = useSession();
  const queryClient = useQueryClient();
  const signedInAs = claims ? `${claims.userType}:${claims.sub}:${claims.ver}` : null;
  useEffect(() => {
    if (!signedInAs) return;
    const source = new EventSource(API.live, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init.headers, authorization: `Bearer ${tokenStore.get() ?? ""}` } }),
    });
    source.addEventListener(LIVE_EVENT_NAME, (message) => {
      const parsed = liveEventSchema.safeParse(parseJson(message.data));
      if (!parsed.success) return;
      noteLiveBlock(parsed.data.block);
      const topics = new Set(parsed.data.topics);
      void queryClient.invalidateQueries({
        predicate: (query) => liveTopicsOf(query.meta).some((topic) => topics.has(topic)),
      });
    });
    return () => source.close();
  }, [signedInAs, queryClient]);
  return null;
}
