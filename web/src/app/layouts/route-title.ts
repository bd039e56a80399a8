import { useMatches } from "react-router-dom";

export interface RouteHandle {
  title: string;
  back?: string;
}

/** The handle of the deepest matched route that has one (set from the route registry in the router). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return { title: "" };
}
