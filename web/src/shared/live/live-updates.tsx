import { lazy, Suspense } from "react";
import { useSession } from "../session/session-provider";

const LiveEvents = lazy(() => import("./live-events"));

/** The live stream for signed-in people only, loaded when someone signs in (not on the public pages). */
export function LiveUpdates() {
  const { claims } = useSession();
  if (!claims) return null;
  return (
    <Suspense fallback={null}>
      <LiveEvents />
    </Suspense>
  );
}
