import type { ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { useRouteTitle } from "./route-title";

/** Back arrow, page name, and the actions of the frame (Logout, Submit Ticket). */
export function FrameHeader({ actions }: { actions: ReactNode }) {
  const navigate = useNavigate();
  const title = useRouteTitle();
  return (
    <header className="frame__header">
      <button type="button" className="icon-button" onClick={() => navigate(-1)} aria-label="Go back">
        ←
      </button>
      <h1 className="frame__title">{title}</h1>
      <div className="frame__actions">{actions}</div>
    </header>
  );
}
