import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, INCENTIVE_STATUS, MESSAGES, type IncentiveResponse } from "@pli/api/public-contract";
import { createDb } from "@pli/api/db/database";
import { incentiveMessages } from "@pli/web/features/incentive/messages";
import { routes } from "@/shared/config/routes";
import { waitFor } from "../scripts/lib/wait.ts";
import { adminToken, freshAdmin, freshOperator, operatorWith2fa, signInContext } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen, COLOR_SCHEMES, SCREEN_SIZES, showInScheme } from "./support/layout-checks.ts";
import { callApi } from "./support/records.ts";
import { approvedNode, registeredNode, stakeOnChain } from "./support/staking-setup.ts";
import { useStack } from "./support/stack.ts";

/**
 * The admin's queue (issue 44, section 3): the dashboard opens with "Needs action", each count leading to its list
 * filtered through the URL, and chain activity the contract does not check is marked reviewed one item at a time, with
 * a note, so the count of items to review goes down. An operator with a 60-character email stakes on the chain
 * without an approved request.
 */
const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "admin-queue");
let page: Page;
let admin: string;
let uncheckedBefore: number;
let operatorWallet: string;
const firstOfMonth = (daysAgo: number) => {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString().slice(0, 10);
};
/** A 78-digit token, beside the layout sweep's on the same database: the unpaid total passes 78 digits. */
const HUGE_TOKEN = (9n * 10n ** 77n).toString();

interface Counts {
  pendingNodes: number;
  uncheckedActivity: number;
  dueIncentives: number;
}
const queue = () => callApi<Counts>(stack.current, API.dashboard.needsAction, admin);

beforeAll(async () => {
  const operator = await freshOperator(stack.current, { pli: "100000", emailLength: 60 });
  const { token } = await operatorWith2fa(stack.current, operator);
  admin = await adminToken(stack.current, await freshAdmin(stack.current));
  await registeredNode(stack.current, token, "Pending node of a long-named operator");
  const node = await approvedNode(stack.current, { operator: token, admin }, operator.address);
  const before = (await queue()).uncheckedActivity;
  await stakeOnChain(stack.current, operator.key, node.nodeAddress);
  await waitFor(
    "the stake without an approved request indexed",
    async () => {
      return (await queue()).uncheckedActivity > before;
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
  uncheckedBefore = (await queue()).uncheckedActivity;
  operatorWallet = operator.address.toLowerCase();
  const db = createDb(stack.current.databaseUrl, 1);
  try {
    const row = (date: string, token: string) => ({
      wallet: operatorWallet,
      node: node.nodeAddress.toLowerCase(),
      date,
      token,
      inactive_count: 0,
      staked_days: 30,
      accrued_days: 30,
      percentage: "2.5",
    });
    await db
      .insertInto("app.incentive")
      .values([row(firstOfMonth(75), HUGE_TOKEN), row(firstOfMonth(0), "1000")])
      .execute();
  } finally {
    await db.destroy();
  }
  const context = await browser.current.newContext({
    baseURL: stack.current.urls.web,
    viewport: SCREEN_SIZES[0].viewport,
  });
  await signInContext(context, admin);
  page = await context.newPage();
}, 180_000);
afterAll(() => page?.context().close());

const card = (label: string) => page.getByRole("link", { name: new RegExp(`^${label}`) });

describe("the admin's queue", () => {
  for (const scheme of COLOR_SCHEMES) {
    it(`opens the dashboard with Needs action, each count leading to its filtered list (${scheme})`, async () => {
      await page.goto(routes.adminDashboard.href());
      await showInScheme(page, scheme);
      const heading = page.getByRole("heading", { name: "Needs action", level: 2 });
      await heading.waitFor();
      const overview = page.getByRole("heading", { name: "Overview", exact: true, level: 2 });
      expect((await heading.boundingBox())!.y).toBeLessThan((await overview.boundingBox())!.y);
      const counts = await queue();
      await expect
        .poll(() => card("Pending nodes").textContent())
        .toContain(counts.pendingNodes.toLocaleString("en-US"));
      await expect.poll(() => card("Chain activity to review").textContent()).toContain(String(uncheckedBefore));
      await card("Pending nodes").click();
      await page.waitForURL(
        (url) => url.pathname === routes.adminListNode.href() && url.searchParams.get("tab") === "Pending",
      );
      await page.goBack();
      await card("Tickets awaiting a reply").click();
      await page.waitForURL(
        (url) => url.pathname === routes.adminListTicket.href() && url.searchParams.get("status") === "Open",
      );
    });
  }

  it("leads 'Unpaid incentives due' to a list of exactly those: unpaid, their payment date come, the due chip chosen", async () => {
    await page.goto(routes.adminDashboard.href());
    await showInScheme(page, "light");
    const due = (await queue()).dueIncentives;
    await expect.poll(() => card("Unpaid incentives due").textContent()).toContain(due.toLocaleString("en-US"));
    await card("Unpaid incentives due").click();
    await page.waitForURL(
      (url) => url.pathname === routes.adminListIncentive.href() && url.searchParams.get("status") === "due",
    );
    await page.getByText(incentiveMessages.listTotal(due)).waitFor();
    const chips = page.getByRole("group", { name: "Incentives by status" });
    expect(await chips.getByRole("radio", { name: `Due for payment ${due.toLocaleString("en-US")}` }).isChecked()).toBe(
      true,
    );
    const listed = await callApi<{ docs: IncentiveResponse[]; totalDocs: number }>(
      stack.current,
      `${API.incentive.root}?status=due&limit=100`,
      admin,
    );
    expect(listed.totalDocs).toBe(due);
    expect(listed.docs.every((row) => row.status === INCENTIVE_STATUS.unPaid)).toBe(true);
    const ours = listed.docs.filter((row) => row.walletAddress === operatorWallet).map((row) => row.token);
    expect(ours).toEqual([HUGE_TOKEN]);
    await page.getByText("9.00 × 10⁵⁹").first().waitFor();
    for (const scheme of COLOR_SCHEMES) {
      await showInScheme(page, scheme);
      await checkScreen(page, SCREENSHOTS, `incentives-due-${scheme}`);
    }
  });

  it("puts the count cards two to a row on a phone", async () => {
    await page.setViewportSize(SCREEN_SIZES[1].viewport);
    await page.goto(routes.adminDashboard.href());
    const first = await card("Pending nodes").boundingBox();
    const second = await card("Pending jobs").boundingBox();
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    await page.setViewportSize(SCREEN_SIZES[0].viewport);
  });

  it("marks one item of chain activity reviewed with a note, and the count of items to review goes down", async () => {
    await page.goto(routes.adminDashboard.href());
    await showInScheme(page, "dark");
    await card("Chain activity to review").click();
    const toReview = page.getByText(new RegExp(`^${uncheckedBefore} items? to review$`));
    await toReview.waitFor();
    await page.getByRole("button", { name: "Mark reviewed" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Mark reviewed" });
    await dialog.getByRole("button", { name: "Mark reviewed" }).click();
    await expect.poll(() => dialog.getByRole("alert").first().textContent()).toBe(MESSAGES.uncheckedNoteRequired);
    await dialog.getByLabel("Note").fill("Stake agreed with the operator by mail on 28-11-2026; request to follow");
    await dialog.getByRole("button", { name: "Mark reviewed" }).click();
    await page.getByText(MESSAGES.uncheckedReviewed).first().waitFor();
    const left = uncheckedBefore - 1;
    if (left > 0) await page.getByText(new RegExp(`^${left} items? to review$`)).waitFor();
    else await toReview.waitFor({ state: "detached" });
    expect((await queue()).uncheckedActivity).toBe(left);
  });
});
