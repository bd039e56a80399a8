import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { USER_ROLE } from "@pli/api/public-contract/domain";
import { API, MESSAGES } from "@pli/api/public-contract";
import { createDb } from "@pli/api/db/database";
import { recordChecks } from "@pli/api/node-monitor";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { dashboardMessages } from "@pli/web/features/dashboard/messages";
import { nodeMessages } from "@pli/web/features/node/messages";
import { authMessages } from "@pli/web/features/operator/messages";
import { stakingMessages } from "@pli/web/features/stake/messages";
import { WALLET_EXTENSION } from "@pli/web/shared/config/wallet-extension";
import { NAV_SECTION, routes, type RouteName } from "@/shared/config/routes";
import { openPage, useBrowser } from "./support/browser.ts";
import { freshOperator } from "./support/accounts.ts";
import { checkScreen, showInScheme } from "./support/layout-checks.ts";
import { activeNode } from "./support/records.ts";
import { useStack } from "./support/stack.ts";
import { awayFromStepEdge, totpCode } from "./support/totp.ts";
import { TestWallet } from "./support/wallet.ts";

const stack = useStack();
const browser = useBrowser();

async function connectedPage(key: `0x${string}`) {
  const wallet = new TestWallet({ privateKey: key, rpcUrl: stack.current.urls.rpc });
  const page = await openPage(browser.current, { baseURL: stack.current.urls.web, wallet });
  await page.goto("/");
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  return { page, wallet };
}

const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "operator");
const shoot = (page: Page, name: string) => checkScreen(page, SCREENSHOTS, name);
const pathOf = (page: Page) => new URL(page.url()).pathname;
const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const linkPaths = (nav: Locator) =>
  nav.getByRole("link").evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
/** The path of the navigation entry of every operator screen: the screen's own, or the one it sits under. */
const operatorEntries = [
  ...new Set(
    (Object.keys(routes) as RouteName[])
      .filter((name) => routes[name].access === "operator")
      .map((name) => routes[NAV_SECTION[name] ?? name].path),
  ),
];

describe("operator sign-in", () => {
  let page: Page;
  let secret: string;
  afterAll(() => page?.context().close());

  test("signs in with the wallet, is made to enrol 2FA, signs out, and signs in again with the code", async () => {
    const operator = await freshOperator(stack.current, { pli: "5000000" });
    ({ page } = await connectedPage(operator.key));
    await waitForPath(page, routes.editProfile.path);
    await page.getByText("Enable 2FA in Your Profile").first().waitFor();
    await page.goto(routes.dashboard.href());
    await waitForPath(page, routes.editProfile.path);

    await page.getByRole("button", { name: "Set up 2FA" }).click();
    secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(await page.getByRole("img", { name: "2FA QR code" }).isVisible()).toBe(true);
    await page.getByLabel("Code from your authenticator app").fill(totpCode(secret, 3));
    await page.getByRole("button", { name: "Enable 2FA" }).click();
    await page.getByText(MESSAGES.invalidTotp).waitFor();
    await awayFromStepEdge();
    await page.getByLabel("Code from your authenticator app").fill(totpCode(secret, -1));
    await page.getByRole("button", { name: "Enable 2FA" }).click();
    await page.getByText(MESSAGES.twofaEnabled).first().waitFor();

    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("pli-balance").textContent()).toBe("5,000,000.0000");
    await page.getByText(dashboardMessages.noIncentives).waitFor();
    await page.getByText(dashboardMessages.noStake).waitFor();
    expect(await page.locator(".recharts-surface").count()).toBe(0);
    await page.getByText(dashboardMessages.firstStepsTitle).waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain(dashboardMessages.steps[0].label);
    const paidThisYear = page.getByRole("group", {
      name: dashboardMessages.usdPaidThisYear(new Date().getUTCFullYear()),
    });
    await expect.poll(() => paidThisYear.textContent()).toMatch(/0\.00 USD.*0\.0000 PLI/);
    const staked = page.getByRole("group", { name: dashboardMessages.usdStaked });
    await expect.poll(() => staked.textContent()).toMatch(/0\.00 USD.*at 0\.0\d+ USD per PLI/);
    await page.getByText(/^PLI\/USD 0\.0\d+, price feed round of /).waitFor();
    expect(await page.getByText(dashboardMessages.usdStale, { exact: true }).count()).toBe(0);
    await page.getByRole("link", { name: dashboardMessages.steps[0].label }).click();
    await waitForPath(page, routes.addNode.path);
    await page.goBack();
    await waitForPath(page, routes.dashboard.path);

    const token = await page.evaluate(() => localStorage.getItem("jwtToken"));
    const meWith = () =>
      fetch(`${stack.current.urls.api}${API.operator.root}`, { headers: { authorization: `Bearer ${token}` } }).then(
        (response) => response.status,
      );
    expect(await meWith()).toBe(200);
    await page.getByRole("button", { name: "Logout" }).click();
    await waitForPath(page, "/");
    await expect.poll(meWith).toBe(401);
    await page.getByRole("button", { name: "Connect Wallet" }).click();
    await page.getByLabel(authMessages.otpLabel).fill(totpCode(secret, 1));
    await page.getByRole("button", { name: authMessages.verify }).click();
    await waitForPath(page, routes.dashboard.path);
    expect(pathOf(page)).toBe(routes.dashboard.path);
  });

  test("manages RPC URLs: add, field errors, page, search, edit, and delete after typing yes", async () => {
    await page.getByRole("link", { name: "Full Node RPC's" }).first().click();
    await page.getByText("You have total 0 Rpc Url's.").waitFor();

    await page.getByRole("link", { name: "Add RPC" }).click();
    await page.getByRole("heading", { name: "Add New RPC's", level: 1 }).waitFor();
    await page.getByLabel("Name").fill("Broken");
    await page.getByLabel("RPC URL").fill("ws://wrong.example.com");
    await page.getByLabel("WSS URL").fill("wss://ok.example.com");
    await page.getByRole("button", { name: "Add RPC" }).click();
    await page.getByText("Check all the fields").waitFor();
    await page.getByText("RPC URL must be a http:// or https:// URL").waitFor();

    for (let n = 1; n <= 6; n++) {
      if (n > 1) await page.getByRole("link", { name: "Add RPC" }).click();
      await page.getByLabel("Name").fill(`Node ${n}`);
      await page.getByLabel("Provider").selectOption(n % 2 ? "AWS" : "Contabo");
      await page.getByLabel("RPC URL").fill(`https://rpc${n}.example.com`);
      await page.getByLabel("WSS URL").fill(`wss://ws${n}.example.com`);
      await page.getByRole("button", { name: "Add RPC" }).click();
      await page.getByText(`You have total ${n} Rpc Url's.`).waitFor();
    }
    const rows = page.locator("tbody tr");
    expect(await rows.count()).toBe(5);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("https://rpc1.example.com").waitFor();
    expect(await rows.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");

    await page.getByRole("searchbox", { name: "Search by Rpc URL" }).fill("rpc4");
    await page.waitForURL(
      (url) =>
        url.searchParams.get("q") === "rpc4" &&
        url.searchParams.get("page") === "1" &&
        url.searchParams.get("limit") === "5",
    );
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByText("https://rpc4.example.com").waitFor();

    await page.getByRole("button", { name: "View" }).click();
    await page.getByRole("heading", { name: "View RPC", level: 1 }).waitFor();
    await page.getByRole("main").getByText("https://rpc4.example.com", { exact: true }).waitFor();
    expect(await page.getByRole("main").getByRole("textbox").count()).toBe(0);
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Name").fill("Node 4 renamed");
    await page.getByRole("button", { name: "Update RPC" }).click();
    await page.getByText("RPC URL Edited Successfully").waitFor();
    await page.getByText("Node 4 renamed").waitFor();

    await page.getByRole("button", { name: "Delete Node 4 renamed" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Type yes to confirm").fill("no");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByText("Incorrect Value").waitFor();
    await dialog.getByLabel("Type yes to confirm").fill("yes");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("RpcUrl Deleted Successfully").waitFor();
    await page.getByText("You have total 5 Rpc Url's.").waitFor();
  });

  test("an RPC of a provider outside the list keeps it: added as Others with its name, edited unchanged", async () => {
    await page.getByRole("link", { name: "Add RPC" }).click();
    await page.getByLabel("Name").fill("Own rack");
    await page.getByLabel("Provider", { exact: true }).selectOption("Others");
    await page.getByLabel("RPC URL").fill("https://rack.example.com");
    await page.getByLabel("WSS URL").fill("wss://rack.example.com");
    await page.getByRole("button", { name: "Add RPC" }).click();
    await page.getByText("Enter the provider's name").waitFor();
    await page.getByLabel("Other Provider").fill("Hetzner");
    await page.getByRole("button", { name: "Add RPC" }).click();
    await page.getByText("RPC Added Successfully").first().waitFor();
    const row = page.getByRole("row").filter({ hasText: "Own rack" });
    await row.getByText("Hetzner").waitFor();

    await row.getByRole("button", { name: "View" }).click();
    await page.getByRole("heading", { name: "View RPC", level: 1 }).waitFor();
    const main = page.getByRole("main");
    await main.getByText("Others", { exact: true }).waitFor();
    await main.getByText("Hetzner", { exact: true }).waitFor();
    expect(await main.getByRole("textbox").count()).toBe(0);
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Name").fill("Own rack 2");
    await page.getByRole("button", { name: "Update RPC" }).click();
    await page.getByText("RPC URL Edited Successfully").first().waitFor();
    await page.getByRole("row").filter({ hasText: "Own rack 2" }).getByText("Hetzner").waitFor();
    await expect(page.getByRole("row").filter({ hasText: "Own rack 2" }).getByText("AWS").count()).resolves.toBe(0);
  });

  test("the navigation leads to every operator screen at both sizes; a node not found marks My Nodes and leads back", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const sidebar = page.getByRole("navigation", { name: "Operator menu" });
    const onDesktop = await linkPaths(sidebar);
    expect(operatorEntries.filter((entry) => !onDesktop.includes(entry))).toEqual([]);

    await page.goto(routes.deposit.href(crypto.randomUUID()));
    await page.getByRole("alert").filter({ hasText: "Node not found" }).waitFor();
    expect(await sidebar.getByRole("link", { name: "My Nodes" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByText(stakingMessages.warningsTitle).count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    const bar = page.getByRole("navigation", { name: "Mobile navigation" });
    expect(await bar.getByRole("link", { name: "My Nodes" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("button", { name: "Open menu" }).click();
    await sidebar.getByRole("link", { name: "FAQ" }).waitFor();
    const onPhone = [...(await linkPaths(bar)), ...(await linkPaths(sidebar))];
    expect(operatorEntries.filter((entry) => !onPhone.includes(entry))).toEqual([]);
    await page.getByRole("button", { name: "Close menu" }).click();

    await page.getByRole("link", { name: "Back to My Nodes" }).click();
    await waitForPath(page, routes.listNode.path);
    await page.getByText("No Record Found.....").waitFor();
    await page.getByText(nodeMessages.emptyNext).waitFor();
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  test("a node whose last checks went unanswered is named at the top of the dashboard and flagged in My Nodes", async () => {
    const token = (await page.evaluate(() => localStorage.getItem("jwtToken")))!;
    const name = "Frankfurt oracle node of the validator cooperative 0042";
    const nodeId = await activeNode(stack.current, token, name);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const db = createDb(stack.current.databaseUrl, 1);
    try {
      await recordChecks(db, [
        { nodeId, checkedAt: minutesAgo(120), answered: true },
        ...[45, 30, 15].map((minutes) => ({ nodeId, checkedAt: minutesAgo(minutes), answered: false })),
      ]);
    } finally {
      await db.destroy();
    }

    await page.goto(routes.dashboard.href());
    const alert = page.getByRole("alert").filter({ hasText: dashboardMessages.stoppedTitle(1) });
    await alert.getByText(name).waitFor();
    await alert.getByText(`${dashboardMessages.stoppedLastAnswer} 2 hours ago`).waitFor();
    await shoot(page, "stopped-node-dashboard");
    await alert.getByRole("link", { name: dashboardMessages.openMyNodes }).click();
    await waitForPath(page, routes.listNode.path);
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByText(nodeMessages.stoppedAnswering).waitFor();
    await showInScheme(page, "dark");
    await shoot(page, "stopped-node-list-dark");

    await row.getByRole("button", { name: `View ${name}` }).click();
    await page.getByRole("alert").filter({ hasText: nodeMessages.stoppedAnswering }).waitFor();
    const uptime = page.getByText(nodeMessages.uptime24h).locator("..");
    await uptime.getByText("25%", { exact: true }).waitFor();
    await uptime.getByText(nodeMessages.checksOf(1, 4)).waitFor();
    await shoot(page, "stopped-node-view-dark");
    await showInScheme(page, "light");
    await shoot(page, "stopped-node-view");
  });
});

describe("wallet checks", () => {
  test("a wallet that is not a validator sees the not-verified dialog", async () => {
    const { page } = await connectedPage(DEV_KEYS.outsider);
    const dialog = page.getByRole("dialog", { name: MESSAGES.notVerifiedTitle });
    await dialog.waitFor();
    await dialog.getByText(MESSAGES.notVerifiedText).waitFor();
    expect(pathOf(page)).toBe("/");
    await page.context().close();
  });

  test("switching the wallet account logs the operator out with the mismatch message", async () => {
    const standby = await freshOperator(stack.current, { role: USER_ROLE.standby });
    const { page, wallet } = await connectedPage(standby.key);
    await waitForPath(page, routes.editProfile.path);
    // After a reload the connect page's code comes only once the switch opened the dialogs' code (or 2 s after the
    // switch): the message, opened when its code has come, must still wait for the page it is shown on.
    let dialogCodeCame = () => {};
    const dialogCode = new Promise<void>((resolve) => (dialogCodeCame = resolve));
    let switched = () => {};
    const switchedOn = new Promise<void>((resolve) => (switched = resolve));
    page.on("requestfinished", (request) => {
      if (/\/dialog-bodies-[^/]*\.js$/.test(request.url())) dialogCodeCame();
    });
    await page.route(/\/connect-page-[^/]*\.js$/, async (route) => {
      await switchedOn;
      await Promise.race([dialogCode, new Promise((resolve) => setTimeout(resolve, 2000))]);
      await route.continue();
    });
    await page.reload();
    await wallet.connectedIn(page);
    switched();
    await wallet.switchAccount(DEV_KEYS.outsider);
    await page
      .getByRole("dialog", { name: "Wallet Address Mismatch" })
      .getByText("Your connected wallet address not matched with the login wallet address")
      .waitFor();
    await waitForPath(page, "/");
    expect(await page.evaluate(() => localStorage.getItem("jwtToken"))).toBeNull();
    await page.context().close();
  });

  test("without a wallet the page says the extension is not installed and links to its store", async () => {
    const page = await openPage(browser.current, { baseURL: stack.current.urls.web });
    await page.goto("/");
    const warning = page.getByRole("alert").filter({ hasText: authMessages.walletNotInstalled });
    await warning.waitFor();
    expect(await warning.getByRole("link", { name: authMessages.viewInStore }).getAttribute("href")).toBe(
      WALLET_EXTENSION.storeUrl,
    );
    await page.getByRole("button", { name: "Connect Wallet" }).click();
    await warning.waitFor();
    await page.context().close();
  });

  test("operator pages send a visitor without a session to /", async () => {
    const page = await openPage(browser.current, { baseURL: stack.current.urls.web });
    await page.goto(routes.listRpc.href());
    await waitForPath(page, "/");
    await page.goto(routes.adminSiteSetting.href());
    await waitForPath(page, routes.adminLogin.path);
    await page.goto(routes.adminVerifyOtp.href());
    await waitForPath(page, "/");
    await page.context().close();
  });
  test("the spec's /login opens the connect page", async () => {
    const page = await openPage(browser.current, { baseURL: stack.current.urls.web });
    await page.goto("/login");
    await waitForPath(page, "/");
    await page.getByRole("heading", { name: "Validator Nodes Operator Portal" }).waitFor();
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor();
    await page.context().close();
  });
});
