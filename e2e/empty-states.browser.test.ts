import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API } from "@pli/api/public-contract";
import { dashboardMessages } from "@pli/web/features/dashboard/messages";
import { jobMessages } from "@pli/web/features/job/messages";
import { stakingMessages } from "@pli/web/features/stake/messages";
import { routes } from "@/shared/config/routes";
import { freshOperator, operatorWith2fa, signInContext } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { COLOR_SCHEMES, fullPageScreenshot, KEEP_SCREENSHOTS, showInScheme } from "./support/layout-checks.ts";
import { activeNode, callApi } from "./support/records.ts";
import { useStack } from "./support/stack.ts";

const stack = useStack();
const browser = useBrowser();
/** Screenshots for the design review of issue 44, at both widths and in both schemes, with `SCREENSHOTS=1`. */
const SHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "empty-states");

let token: string;
let nodeId: string;
let context: BrowserContext;
let page: Page;

async function shoot(name: string) {
  if (!KEEP_SCREENSHOTS) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of COLOR_SCHEMES) {
      await showInScheme(page, scheme);
      await fullPageScreenshot(page, path.join(SHOTS, `${name}-${width}-${scheme}.jpg`));
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

beforeAll(async () => {
  const operator = await freshOperator(stack.current, { emailLength: 50 });
  token = (await operatorWith2fa(stack.current, operator)).token;
  context = await browser.current.newContext({
    baseURL: stack.current.urls.web,
    viewport: { width: 1366, height: 900 },
  });
  await signInContext(context, token);
  page = await context.newPage();
});
afterAll(() => context?.close());

describe("an empty account is told why each list is empty and what to do next", () => {
  test("a new operator's dashboard shows the first-stake steps above the empty tiles", async () => {
    await page.goto(routes.dashboard.href());
    const steps = page.getByRole("heading", { name: dashboardMessages.firstStepsTitle });
    const tiles = page.getByRole("group", { name: "Total stakes" });
    await steps.waitFor();
    await tiles.waitFor();
    const [stepsBox, tilesBox] = [await steps.boundingBox(), await tiles.boundingBox()];
    expect(stepsBox!.y).toBeLessThan(tilesBox!.y);
    // The spec's operator dashboard time, DD-MM-YYYY h:mm:ss a, for the price's round as for the last stake.
    await page
      .getByText(/^PLI\/USD 0\.0\d+, price feed round of \d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} [ap]m$/)
      .waitFor();
    await shoot("dashboard-new-operator");
  });

  test("My Wallet and Additional Stake say nothing is staked yet and lead to My Nodes", async () => {
    for (const route of [routes.listWallet, routes.additionalStake]) {
      await page.goto(route.href());
      await page.getByText(stakingMessages.positionsEmptyNext).waitFor();
      await shoot(`empty-${route.path.slice(1)}`);
    }
    await page.getByRole("link", { name: stakingMessages.positionsEmptyAction }).click();
    await page.waitForURL((url) => url.pathname === routes.listNode.path);
  });

  test("a node's Jobs say what a job is and open the Add Job form", async () => {
    nodeId = await activeNode(stack.current, token, "Frankfurt oracle node of the Plugin validator network 21");
    await page.goto(routes.listJob.href(nodeId));
    await page.getByText(jobMessages.emptyNext).waitFor();
    await shoot("empty-jobs");
    await page.getByRole("button", { name: jobMessages.addJob, exact: true }).click();
    await page.getByRole("button", { name: jobMessages.hideForm }).waitFor();
  });

  test("deleting is confirmed with a red button", async () => {
    await callApi(stack.current, API.rpcurl.root, token, {
      name: "XinFin mainnet RPC",
      provider: "AWS",
      rpc: "https://erpc.xinfin.network",
      wss: "wss://ws.xinfin.network",
    });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(routes.listRpc.href());
    // On a phone the card's one action is View; Delete waits, red, in its menu.
    await page.getByRole("button", { name: "More actions for XinFin mainnet RPC" }).click();
    await page.getByRole("button", { name: "Delete XinFin mainnet RPC" }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Confirm" });
    await confirm.waitFor();
    expect(await confirm.getAttribute("style")).toContain("--mantine-color-red-filled");
    await shoot("confirm-delete");
    await page.keyboard.press("Escape");
  });
});
