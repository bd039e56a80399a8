import type { ReactNode } from "react";

interface StatusScreenProps {
  children: ReactNode;
  busy?: boolean;
}

/** A full-page message shown before the app can render (loading, or a failure to start). */
export function StatusScreen({ children, busy = false }: StatusScreenProps) {
  return (
    <div className="status-screen" role="status" aria-busy={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </div>
  );
}
