import { existsSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.ts";

/** Paths the API answers itself: never replaced by the web app's index.html. */
const API_PREFIXES = ["/api", "/upload", "/static"];
const isApiPath = (requestPath: string) =>
  API_PREFIXES.some((prefix) => requestPath === prefix || requestPath.startsWith(`${prefix}/`));

/**
 * The built web app (vite build output in `dir`) on the API's own origin: hashed assets cached for a
 * year, other files as they are, and index.html (never cached) for every other GET so that deep links
 * reach the single-page app's router.
 */
export function webAppRoutes(dir: string) {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, "index.html")))
    throw new Error(`The web app is not built: ${root}/index.html is missing`);
  const noCache = (file: string, c: Context) => {
    if (file.endsWith("index.html")) c.header("cache-control", "no-cache");
  };
  const index = serveStatic({ root, path: "index.html", onFound: noCache });
  const files = serveStatic({ root, onFound: noCache });
  return new Hono<AppEnv>()
    .get(
      "/assets/*",
      serveStatic({ root, onFound: (_file, c) => c.header("cache-control", "public, max-age=31536000, immutable") }),
    )
    .get("*", async (c, next) => (isApiPath(c.req.path) ? next() : files(c, next)))
    .get("*", async (c, next) =>
      isApiPath(c.req.path) || c.req.path.startsWith("/assets/") ? next() : index(c, next),
    );
}
