import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { API, NODE_STATUS, type NotificationList } from "@pli/api/public-contract";
import { notificationMessages as m } from "@pli/web/features/notification/messages";
import { routes } from "@/shared/config/routes";
import { adminToken, freshAdmin, freshOperator, operatorWith2fa, signInContext } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen, SCREEN_SIZES, showInScheme } from "./support/layout-checks.ts";
import { callApi } from "./support/records.ts";
import { registeredNode } from "./support/staking-setup.ts";
import { useStack } from "./support/stack.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "notifications");
const contexts: BrowserContext[] = [];
afterAll(() => Promise.all(contexts.map((context) => context.close())));

async function pageOf(token: string): Promise<Page> {
  const context = await browser.current.newContext({
    baseURL: stack.current.urls.web,
    viewport: SCREEN_SIZES[0].viewport,
  });
  contexts.push(context);
  await signInContext(context, token);
  return context.newPage();
}

describe("the bell: what the portal mailed the operator, read and unread", () => {
  test("an admin's two node reviews show under the bell, unread and counted; opening one reads it, then all are read", async () => {
    const operator = await freshOperator(stack.current, { emailLength: 50 });
    const { token } = await operatorWith2fa(stack.current, operator);
    const admin = await adminToken(stack.current, await freshAdmin(stack.current));
    const node = await registeredNode(stack.current, token, "Oracle node with a rather long name for its operator");
    for (const adminNotes of ["Open port 6688 to the portal's monitor", "Also update the OS to Ubuntu 24.04"])
      await callApi(stack.current, API.node.edit, admin, { _id: node._id, status: NODE_STATUS.return, adminNotes });
    const { notifications } = await callApi<NotificationList>(stack.current, API.notification.root, token);
    expect(notifications).toHaveLength(2);

    const page = await pageOf(token);
    await page.goto(routes.dashboard.href());
    const bell = page.getByRole("button", { name: m.bell(2) });
    await bell.click();
    const panel = page.getByRole("region", { name: m.title });
    const newest = panel.getByRole("button", { name: /Also update the OS to Ubuntu 24\.04/ });
    const older = panel.getByRole("button", { name: /Open port 6688/ });
    for (const item of [newest, older]) {
      expect(await item.textContent()).toContain(notifications[0]!.title);
      expect(await item.textContent()).toContain(m.unread);
    }
    await page.mouse.move(0, 0);
    for (const scheme of ["light", "dark"] as const) {
      await showInScheme(page, scheme);
      await checkScreen(page, SCREENSHOTS, `bell-open-${scheme}`);
    }

    await newest.click();
    await page.getByRole("button", { name: m.bell(1) }).waitFor();
    await expect.poll(() => newest.textContent()).not.toContain(m.unread);
    expect(await older.textContent()).toContain(m.unread);
    await panel.getByRole("button", { name: m.markAllRead }).click();
    await page.getByRole("button", { name: m.bell(0) }).waitFor();
    expect((await callApi<NotificationList>(stack.current, API.notification.root, token)).unread).toBe(0);
  });

  test("an empty account: the bell says there is nothing yet", async () => {
    const operator = await freshOperator(stack.current);
    const { token } = await operatorWith2fa(stack.current, operator);
    const page = await pageOf(token);
    await page.goto(routes.dashboard.href());
    await page.getByRole("button", { name: m.bell(0) }).click();
    await page.getByRole("region", { name: m.title }).getByText(m.empty).waitFor();
    await page.setViewportSize(SCREEN_SIZES[1].viewport);
    await page.getByRole("region", { name: m.title }).getByText(m.empty).waitFor();
    await checkScreen(page, SCREENSHOTS, "bell-empty");
  });
});
