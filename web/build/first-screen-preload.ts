import type { Plugin, Rolldown } from "vite";
import { routes } from "../src/shared/config/routes.ts";

/**
 * The pages a visitor can open first, before any sign-in (router.tsx loads each on demand), by the route's path.
 * Each gets its own copy of index.html, so that its page chunk is fetched with the entry instead of after it.
 */
export const FIRST_SCREENS = [
  { path: routes.home.path, page: "features/operator/pages/connect-page.tsx" },
  { path: routes.adminLogin.path, page: "features/admin/pages/admin-login-page.tsx" },
  { path: routes.adminVerifyOtp.path, page: "features/admin/pages/verify-otp-page.tsx" },
  { path: routes.network.path, page: "features/network/pages/network-page.tsx" },
] as const;

/** Where the copy of index.html for a path is written: `admin/login/index.html`, which servers find for `/admin/login`. */
export const htmlFileOf = (routePath: string) =>
  routePath === "/" ? "index.html" : `${routePath.replace(/^\/+|\/+$/g, "")}/index.html`;

/** A chunk and every chunk it imports statically, by file name. */
function staticGraph(start: Rolldown.OutputChunk, byName: Map<string, Rolldown.OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byName.get(file);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return seen;
}

/**
 * Without it, the browser learns of a first screen's page chunk (and the Mantine components it imports) only once the
 * entry has run and the router has matched the path: one more round trip before the first paint. Each first screen's
 * index.html names those chunks as `modulepreload` links (allowed by the strict CSP, unlike an inline script), so they
 * download beside the entry. Every other path gets the home page's index.html, as before. The public network page is
 * one of them: with the home page's copy it downloaded the connect page's scripts, which it never runs.
 */
export function firstScreenPreload(): Plugin {
  return {
    name: "pli-first-screen-preload",
    apply: "build",
    enforce: "post",
    generateBundle(_, bundle) {
      const index = bundle["index.html"];
      if (!index || index.type !== "asset") return;
      const html = String(index.source);
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === "chunk");
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const withEntry = staticGraph(entry, byName);
      const base = this.environment.config.base;
      for (const screen of FIRST_SCREENS) {
        const pageChunk = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/src/${screen.page}`));
        if (!pageChunk) this.error(`no chunk for the first screen ${screen.page}`);
        const files = [...staticGraph(pageChunk, byName)].filter((file) => !withEntry.has(file));
        const links = files
          .map((file) => `    <link rel="modulepreload" crossorigin href="${base}${file}">\n`)
          .join("");
        const source = html.replace("  </head>", `${links}  </head>`);
        const fileName = htmlFileOf(screen.path);
        if (fileName === "index.html") index.source = source;
        else this.emitFile({ type: "asset", fileName, source });
      }
    },
  };
}
