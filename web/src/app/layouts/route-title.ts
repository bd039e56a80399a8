import { useMatches } from "react-router-dom";

export interface RouteHandle {
  title: string;
}

/** The title of the deepest matched route (set as `handle.title` in the router). */
export function useRouteTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return "";
}
