/** Every route of the web app, defined once: `path` for the router, `getHref()` for links. */
export const paths = {
  home: {
    path: "/",
    getHref: () => "/",
  },
} as const;
