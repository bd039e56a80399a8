import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { authMessages } from "@/features/operator/messages";
import { routes } from "@/shared/config/routes";
import { useBrowser } from "./support/browser.ts";
import { useStack } from "./support/stack.ts";

const stack = useStack();
const browser = useBrowser();

/** The network page's chunk, which the connect page loads only when its link is followed. */
const NETWORK_CHUNK = /\/assets\/network-page-[^/]+\.js$/;

/**
 * A tab that loaded the portal before a deploy: while it shows its first document, the network page's chunk of its
 * build answers 404, as nginx answers for a file of the old build once the new one is in place; `missingAfterReload`
 * keeps it missing after a reload too (a chunk the new build lacks as well). Counts the documents the tab loads.
 */
async function tabAcrossDeploy(missingAfterReload: boolean) {
  const context = await browser.current.newContext({ baseURL: stack.current.urls.web });
  const page: Page = await context.newPage();
  const tab = { page, documents: 0, refused: 0, errors: [] as string[] };
  page.on("domcontentloaded", () => tab.documents++);
  page.on("pageerror", (error) => tab.errors.push(error.message));
  await page.route(NETWORK_CHUNK, async (route) => {
    if (tab.documents > 1 && !missingAfterReload) return route.continue();
    tab.refused++;
    return route.fulfill({ status: 404, contentType: "text/html", body: "<html><body>404 Not Found</body></html>" });
  });
  await page.goto(routes.home.href());
  await page.getByRole("heading", { name: "Validator Nodes Operator Portal" }).waitFor();
  await page.getByRole("link", { name: authMessages.seeNetwork }).click();
  return tab;
}

test("a tab open across a deploy reloads once into the new build when its next page's chunk is gone", async () => {
  const tab = await tabAcrossDeploy(false);
  await tab.page.getByRole("heading", { name: routes.network.title }).waitFor({ timeout: 15_000 });
  expect(new URL(tab.page.url()).pathname).toBe(routes.network.path);
  expect(tab.refused).toBeGreaterThan(0);
  expect(tab.documents).toBe(2);
});

test("a chunk missing after the reload too is not reloaded for again: the error reaches the page", async () => {
  const tab = await tabAcrossDeploy(true);
  await expect.poll(() => tab.documents, { timeout: 15_000 }).toBe(2);
  await expect.poll(() => tab.refused, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  // A reload lets nothing through (its handler cancels the error), so the error on the page is the answer, with no
  // wait for a reload that might still come.
  await tab.page
    .getByText(/Failed to fetch dynamically imported module: .*\/network-page-/)
    .first()
    .waitFor();
  expect(tab.documents).toBe(2);
});
