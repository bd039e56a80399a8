/** When the tab last reloaded for a missing chunk (sessionStorage: this tab only, kept across its reloads). */
export const CHUNK_RELOAD_KEY = "pli.chunk-reload-at";
/** A second missing chunk within this time of the reload is not the old build's: the error is shown instead. */
export const CHUNK_RELOAD_WINDOW_MS = 30_000;

/**
 * A tab opened before a deploy still runs the old build, whose files the new deploy no longer serves: its next lazy
 * route or component fails to load ("Failed to fetch dynamically imported module", which Vite's loader announces as
 * `vite:preloadError`) and left a blank page. The tab then loads the new build once, at the address it was going to
 * (`pendingHref`: the router only moves to a lazy route's address once its chunk has loaded), else where it is; a
 * chunk missing again within CHUNK_RELOAD_WINDOW_MS (also from the new build) loads nothing again, and the error
 * reaches the page.
 */
export function reloadOnMissingChunk(pendingHref: () => string | undefined, target: Window = window): void {
  target.addEventListener("vite:preloadError", (event) => {
    try {
      const last = Number(target.sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
      if (Date.now() - last < CHUNK_RELOAD_WINDOW_MS) return;
      target.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    } catch {
      return;
    }
    event.preventDefault();
    const href = pendingHref();
    if (href && href !== `${target.location.pathname}${target.location.search}${target.location.hash}`)
      target.location.assign(href);
    else target.location.reload();
  });
}
