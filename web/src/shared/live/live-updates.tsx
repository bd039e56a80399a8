import { LIVE_EVENT_NAME, LIVE_PATHS } from "@pli/api/public-contract/constants";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { useSession } from "../session/session-provider";
import { applyLiveEvent } from "./live-store";

const LiveEvents = lazy(() => import("./live-events"));

/**
 * Without a session, the stream of what concerns everybody (the site settings the sign-in pages show, the stake
 * limits), through the browser's own EventSource: it needs no header, and it resumes from the last event by itself.
 */
function PublicLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource(LIVE_PATHS.publicEvents);
    source.addEventListener(LIVE_EVENT_NAME, (message) => void applyLiveEvent(queryClient, message.data));
    return () => source.close();
  }, [queryClient]);
  return null;
}

/** The live stream: a signed-in person's own (loaded when someone signs in), otherwise the public one. */
export function LiveUpdates() {
  const { claims } = useSession();
  if (!claims) return <PublicLiveEvents />;
  return (
    <Suspense fallback={null}>
      <LiveEvents />
    </Suspense>
  );
}
