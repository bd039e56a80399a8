import { randomInt } from "node:crypto";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDb } from "@pli/api/db/database";
import { recordChecks } from "@pli/api/node-monitor";
import { routes } from "@/shared/config/routes";
import { freshOperator, operatorWith2fa, type FreshOperator } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen, COLOR_SCHEMES, showInScheme } from "./support/layout-checks.ts";
import { activeNode } from "./support/records.ts";
import { signedInPage, type SignedInPage } from "./support/signed-in-pages.ts";
import { useStack } from "./support/stack.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "network");

/** A node name as long as an operator may write at a glance, unique to this run. */
const SHOWN_NAME = `Northern Lights Validator Operations Frankfurt Primary ${randomInt(1e6)}`;
const HIDDEN_NAME = `Private Oracle Node ${randomInt(1e6)}`;

let shown: FreshOperator;
let hidden: FreshOperator;
let hiddenAddress: string;
let newAddress: string;
let profile: SignedInPage;
let visitor: BrowserContext;
let page: Page;

/** An Active node without a reputation yet: the monitor has scored no day of it. */
async function unscored(nodeId: string) {
  const db = createDb(stack.current.databaseUrl, 1);
  try {
    return (await db.selectFrom("app.node").select("node_address").where("id", "=", nodeId).executeTakeFirstOrThrow())
      .node_address;
  } finally {
    await db.destroy();
  }
}

/** Reputation values and answered monitor checks of the last days, so the leaderboard shows a score and an uptime. */
async function healthy(nodeId: string) {
  const db = createDb(stack.current.databaseUrl, 1);
  try {
    const now = Date.now();
    await db
      .insertInto("app.node_reputation")
      .values(
        [1, 2].map((d) => ({
          node_id: nodeId,
          day: new Date(now - d * 86_400_000).toISOString().slice(0, 10),
          value: 1,
        })),
      )
      .execute();
    await recordChecks(
      db,
      [1, 2, 3].map((i) => ({ nodeId, checkedAt: new Date(now - i * 900_000), answered: i !== 3 })),
    );
    return (await db.selectFrom("app.node").select("node_address").where("id", "=", nodeId).executeTakeFirstOrThrow())
      .node_address;
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  shown = await freshOperator(stack.current, { emailLength: 60 });
  hidden = await freshOperator(stack.current, { emailLength: 60 });
  const shownSession = await operatorWith2fa(stack.current, shown);
  const hiddenSession = await operatorWith2fa(stack.current, hidden);
  await healthy(await activeNode(stack.current, shownSession.token, SHOWN_NAME));
  hiddenAddress = await healthy(await activeNode(stack.current, hiddenSession.token, HIDDEN_NAME));
  newAddress = await unscored(await activeNode(stack.current, hiddenSession.token, `${HIDDEN_NAME} new`));
  profile = await signedInPage(browser.current, stack.current, shownSession.token, shown.key);
  visitor = await browser.current.newContext({ baseURL: stack.current.urls.web });
  page = await visitor.newPage();
});
afterAll(async () => {
  await profile?.context.close();
  await visitor?.close();
});

describe("the public network page", () => {
  test("a visitor without sign-in reaches it from the sign-in page and sees figures, no name until its operator shows it, and no email", async () => {
    await page.goto(routes.home.href());
    await page.getByRole("link", { name: "See the validator network: stakes, nodes and payouts" }).click();
    await page.getByRole("heading", { name: routes.network.title, level: 1 }).waitFor();
    for (const label of ["Total Staked", "Active Nodes", "Reward Pool"])
      await expect.poll(() => page.getByRole("group", { name: label }).textContent()).not.toContain("…");
    const board = page.getByRole("table", { name: "Node leaderboard" });
    await board
      .locator(`[data-value="${getAddress(hiddenAddress)}"]`)
      .first()
      .waitFor();
    expect(await page.locator("main").textContent()).not.toContain(SHOWN_NAME);

    const switchOn = profile.page.getByRole("switch", { name: "Show my node names on the public network page" });
    await profile.page.goto(routes.editProfile.href());
    expect(await switchOn.isChecked()).toBe(false);
    await switchOn.click({ force: true });
    await profile.page.getByText("Network Page Setting Updated Successfully").waitFor();
    expect(await switchOn.isChecked()).toBe(true);
    await checkScreen(profile.page, SCREENSHOTS, "edit-profile");

    await page.reload();
    const row = board.getByRole("row").filter({ hasText: SHOWN_NAME });
    await row.waitFor();
    expect(await row.getByRole("cell").nth(1).textContent()).toBe("5.00 / 5");
    expect(await row.getByRole("cell").first().textContent()).toMatch(/^#\d+/);
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("66.7%");
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).not.toContain(HIDDEN_NAME);
    for (const operator of [shown, hidden]) expect(text).not.toContain(operator.email);
    const newNodes = page.getByRole("table", { name: "New nodes" });
    const newRow = newNodes.getByRole("row").filter({ has: page.locator(`[data-value="${getAddress(newAddress)}"]`) });
    await newRow.waitFor();
    expect(await newRow.getByRole("cell").first().textContent(), "a new node has no rank").not.toMatch(/#\d/);
    expect(await board.locator(`[data-value="${getAddress(newAddress)}"]`).count()).toBe(0);
    expect(await page.getByText("© 2022").count(), "the footer keeps the spec's year").toBeGreaterThan(0);
    await page.getByText("No rewards have been paid out yet.").or(page.locator(".recharts-wrapper")).first().waitFor();

    for (const scheme of COLOR_SCHEMES) {
      await showInScheme(page, scheme);
      await checkScreen(page, SCREENSHOTS, `network-${scheme}`);
    }
  });
});
