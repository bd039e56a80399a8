/**
 * The built web app (`WEB_DIST_DIR`) served on the API's own origin: each file as the pre-compressed copy the request
 * accepts, the SPA fallback, each first screen's own page and the security headers.
 */
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
 * A file or folder whose name starts with a dot is the build's own record, not the app's (Vite's manifest and the
 * chunks' modules in `.vite/`, web/build/chunk-modules.ts): never served.
 */
const isBuildRecord = (requestPath: string) => /(?:^|\/)\./.test(requestPath);

/** The pre-compressed copies the web build writes beside its files (web/build/precompress.ts). */
const PRECOMPRESSED_SUFFIXES = [".br", ".gz"];
const originalOf = (file: string) => {
  const suffix = PRECOMPRESSED_SUFFIXES.find((candidate) => file.endsWith(candidate));
  return suffix ? file.slice(0, -suffix.length) : file;
};

/**
 * The built web app (vite build output in `dir`) on the API's own origin: hashed assets cached for a
 * year, other files as they are, and index.html (never cached) for every other GET so that deep links
 * reach the single-page app's router. A file the build pre-compressed goes out as its brotli or gzip copy
 * when the request accepts it (br first), and varies on Accept-Encoding whichever copy is sent.
 */
export function webAppRoutes(dir: string) {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, "index.html")))
    throw new Error(`The web app is not built: ${root}/index.html is missing`);
  const headers = (cacheControl: (file: string) => string | undefined) => (served: string, c: Context) => {
    const file = originalOf(served);
    const control = cacheControl(file);
    if (control) c.header("cache-control", control);
    if (served !== file || PRECOMPRESSED_SUFFIXES.some((suffix) => existsSync(`${file}${suffix}`)))
      c.header("vary", "Accept-Encoding");
  };
  const noCache = headers((file) => (file.endsWith("index.html") ? "no-cache" : undefined));
  const index = serveStatic({ root, path: "index.html", precompressed: true, onFound: noCache });
  const files = serveStatic({ root, precompressed: true, onFound: noCache });
  return new Hono<AppEnv>()
    .get("*", async (c, next) => (isBuildRecord(c.req.path) && !isApiPath(c.req.path) ? c.notFound() : next()))
    .get(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
        onFound: headers(() => "public, max-age=31536000, immutable"),
      }),
    )
    .get("*", async (c, next) => (isApiPath(c.req.path) ? next() : files(c, next)))
    .get("*", async (c, next) =>
      isApiPath(c.req.path) || c.req.path.startsWith("/assets/") ? next() : index(c, next),
    );
}
