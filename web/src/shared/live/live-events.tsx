import { API, LIVE_EVENT_NAME } from "@pli/api/public-contract";
import { useQueryClient } from "@tanstack/react-query";
import { EventSource } from "eventsource";
import { useEffect } from "react";
import { useSession } from "../session/session-provider";
import { tokenStore } from "../session/token-store";
import { applyLiveEvent, refreshLiveQueries } from "./live-store";

/**
 * While someone is signed in, listens to the API's live stream: each chain event refreshes the
 * queries whose meta names one of its topics, so lists and totals follow the chain without polling.
 * Each time the stream opens, those queries are read again: what was indexed before it opened reached no one.
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
    source.addEventListener("open", () => void refreshLiveQueries(queryClient));
    source.addEventListener(LIVE_EVENT_NAME, (message) => void applyLiveEvent(queryClient, message.data));
    return () => source.close();
  }, [signedInAs, queryClient]);
  return null;
}
