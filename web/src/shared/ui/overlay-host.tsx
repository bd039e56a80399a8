import { lazy, Suspense, useSyncExternalStore } from "react";

/**
 * The toasts and dialogs container (Mantine's notifications and modals manager, and the popover machinery under them)
 * is loaded the first time a screen shows a toast or opens a dialog, not with the first screen.
 */
const Overlays = lazy(() => import("./overlays"));

let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Mounts the container (once) and resolves when it listens: a dialog opened before that would be lost. */
export function overlaysReady(): Promise<void> {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  return ready;
}

/** Where the toasts and dialogs render once something asked for them. */
export function OverlayHost() {
  const shown = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Overlays onReady={markReady} />
    </Suspense>
  );
}
