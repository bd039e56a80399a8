/** Paths of the API the web app calls, relative to its own origin (the web server proxies them). */
export const apiPaths = {
  chainConfig: "/api/config",
} as const;
