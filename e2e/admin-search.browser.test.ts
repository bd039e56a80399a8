import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@pli/api/public-contract";
import { routes } from "@/shared/config/routes";
import {
  adminToken,
  freshAdmin,
  freshOperator,
  operatorWith2fa,
  signInContext,
  type FreshOperator,
} from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { COLOR_SCHEMES, SCREEN_SIZES, showInScheme } from "./support/layout-checks.ts";
import { registeredNode, type RegisteredNode } from "./support/staking-setup.ts";
import { useStack } from "./support/stack.ts";

/**
 * The admin's search (issue 44, section 3): "/" or Ctrl+K opens it anywhere in the console; a wallet pasted in its xdc
 * form, an email of 60 characters or a node's IP lands on the record.
 */
const stack = useStack();
const browser = useBrowser();
let page: Page;
let operator: FreshOperator;
let node: RegisteredNode;

beforeAll(async () => {
  operator = await freshOperator(stack.current, { emailLength: 60 });
  const { token } = await operatorWith2fa(stack.current, operator);
  node = await registeredNode(stack.current, token, "Frankfurt validator of a long-named operator");
  const admin = await adminToken(stack.current, await freshAdmin(stack.current));
  const context = await browser.current.newContext({
    baseURL: stack.current.urls.web,
    viewport: SCREEN_SIZES[0].viewport,
  });
  await signInContext(context, admin);
  page = await context.newPage();
}, 180_000);
afterAll(() => page?.context().close());

const dialog = () => page.getByRole("dialog", { name: "Search" });
const paste = async (value: string) => {
  await dialog().getByLabel(MESSAGES.adminSearchHint).fill(value);
  await dialog().getByRole("button", { name: "Search" }).click();
};

describe("admin search", () => {
  for (const scheme of COLOR_SCHEMES) {
    it(`lands on the operator from an xdc wallet, opened with "/" (${scheme})`, async () => {
      await page.goto(routes.adminDashboard.href());
      await showInScheme(page, scheme);
      await page.getByRole("heading", { name: "Needs action" }).waitFor();
      await page.keyboard.press("/");
      await paste(`xdc${operator.address.slice(2)}`);
      await dialog()
        .getByRole("button", { name: /^Operator:/ })
        .click();
      await page.waitForURL((url) => url.pathname === routes.adminListOperator.href());
      expect(new URL(page.url()).searchParams.get("q")).toBe(operator.address.toLowerCase());
      await page.getByText(operator.email).first().waitFor();
    });
  }

  it("lands on the node from its IP with Ctrl+K, and lands at once when one record matches", async () => {
    await page.goto(routes.adminListTicket.href());
    await page.getByRole("heading", { name: "Tickets", level: 1 }).waitFor();
    await page.keyboard.press("Control+k");
    await paste(node.ipaddress);
    await page.waitForURL((url) => url.pathname === routes.adminEditNode.href());
    await page.getByRole("heading", { name: node.name }).waitFor({ timeout: 15_000 });
  });

  it("lands on the operator from a 60-character email", async () => {
    await page.keyboard.press("Control+k");
    await paste(operator.email);
    await page.waitForURL((url) => url.pathname === routes.adminListOperator.href());
    await page.getByText(operator.email).first().waitFor();
  });

  it("says what it takes when the text is none of these", async () => {
    await page.keyboard.press("/");
    await paste("Frankfurt");
    await expect.poll(() => dialog().getByRole("alert").textContent()).toBe(MESSAGES.adminSearchHint);
    await page.keyboard.press("Escape");
  });
});
