import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API, MESSAGES, type OperatorResponse, type Paged } from "@pli/api/public-contract";
import { routes } from "@/shared/config/routes";
import { formatDate } from "@/shared/format/dates";
import { adminToken, freshAdmin, freshOperator, operatorToken, operatorWith2fa } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen } from "./support/layout-checks.ts";
import { activeNode, callApi } from "./support/records.ts";
import { operatorAndAdminPages, type OperatorAndAdminPages } from "./support/signed-in-pages.ts";
import { useStack } from "./support/stack.ts";
import { totpCode } from "./support/totp.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "operators");

describe("admin Operators screen", () => {
  let pages: OperatorAndAdminPages;
  let operator: Awaited<ReturnType<typeof freshOperator>>;
  let secret: string;
  let adminSession: string;
  let admin: Page;
  afterAll(() => pages?.close());

  beforeAll(async () => {
    operator = await freshOperator(stack.current, { emailLength: 60 });
    const session = await operatorWith2fa(stack.current, operator);
    secret = session.secret;
    await activeNode(stack.current, session.token);
    await activeNode(stack.current, session.token);
    adminSession = await adminToken(stack.current, await freshAdmin(stack.current));
    pages = await operatorAndAdminPages(browser.current, stack.current, {
      operator: { token: session.token, key: operator.key },
      admin: adminSession,
    });
    admin = pages.admin.page;
  });

  /** The operator as the API lists them to the admin. */
  const listed = async () => {
    const page = await callApi<Paged<OperatorResponse>>(
      stack.current,
      `${API.operator.root}?q=${operator.address.toLowerCase()}`,
      adminSession,
    );
    expect(page.docs).toHaveLength(1);
    return page.docs[0]!;
  };
  const row = () => admin.getByRole("row").filter({ hasText: operator.email });
  const wallet = () => operator.address.toLowerCase();

  test("finds a fresh operator by search and shows their nodes, last sign-in, 2FA and status", async () => {
    await pages.operator.page.goto(routes.dashboard.href());
    await pages.operator.page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    await admin.goto(routes.adminListStake.href());
    await admin.getByRole("link", { name: "Operators" }).click();
    await admin.getByRole("heading", { name: "Operators", level: 1 }).waitFor();
    await admin.getByRole("searchbox", { name: "Search by Wallet or Email" }).fill(operator.email);
    await admin.waitForURL((url) => url.searchParams.get("q") === operator.email);
    await expect.poll(() => admin.getByRole("row").count()).toBe(2);

    const { lastSignInAt } = await listed();
    expect(lastSignInAt).not.toBeNull();
    const cells = await row().getByRole("cell").allTextContents();
    expect(cells.slice(2, 7)).toEqual(["Validator", "On", "2", formatDate(lastSignInAt, "adminDashboard"), "Enabled"]);
    await checkScreen(admin, SCREENSHOTS, "operators");

    await admin.getByRole("searchbox", { name: "Search by Wallet or Email" }).fill(wallet().slice(-12));
    await admin.waitForURL((url) => url.searchParams.get("q") === wallet().slice(-12));
    await expect.poll(() => admin.getByRole("row").count()).toBe(2);
    await row().waitFor();
  });

  test("disables the operator only after the end of their wallet is typed: their session ends, sign-in is refused", async () => {
    await row()
      .getByRole("button", { name: `Disable ${operator.email}` })
      .click();
    const dialog = admin.getByRole("dialog");
    const typed = dialog.getByLabel(`Type ${wallet().slice(-6)} to confirm`);
    await typed.fill("yes");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByText("Incorrect Value").waitFor();
    expect((await listed()).disabled, "a wrong word sends nothing").toBe(false);
    await checkScreen(admin, SCREENSHOTS, "disable-confirmation");

    await typed.fill(wallet().slice(-6));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await admin.getByText(MESSAGES.operatorDisabled).waitFor();
    await row().getByText("Disabled").waitFor();
    await row()
      .getByRole("button", { name: `Enable ${operator.email}` })
      .waitFor();
    expect((await listed()).disabled).toBe(true);

    const operatorPage = pages.operator.page;
    await operatorPage.getByRole("link", { name: "My Nodes" }).first().click();
    await operatorPage.waitForURL((url) => url.pathname === routes.home.path);
    await expect(operatorToken(stack.current, operator, totpCode(secret, 0))).rejects.toThrow(MESSAGES.accountDisabled);
  });

  test("enables the operator again after the typed confirmation: they can sign in", async () => {
    await row()
      .getByRole("button", { name: `Enable ${operator.email}` })
      .click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel(`Type ${wallet().slice(-6)} to confirm`).fill(wallet().slice(-6));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await admin.getByText(MESSAGES.operatorEnabled).waitFor();
    await row().getByText("Enabled").waitFor();
    expect((await listed()).disabled).toBe(false);
    expect(await operatorToken(stack.current, operator, totpCode(secret, 1))).toMatch(/\./);
  });
});
