import path from "node:path";
import type { Page } from "playwright-core";
import { createPublicClient, http, parseUnits } from "viem";
import { stakingRewardsAbi } from "@pli/abis";
import { afterAll, describe, expect, test } from "vitest";
import { PNG_1X1 } from "@pli/api/test/images";
import { API, MESSAGES } from "@pli/api/public-contract";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { routes } from "@/shared/config/routes";
import { openPage, useBrowser } from "./support/browser.ts";
import { adminToken, freshAdmin } from "./support/accounts.ts";
import { checkScreen } from "./support/layout-checks.ts";
import { mailbox } from "../test/smtp.ts";
import { callApi } from "./support/records.ts";
import { useStack } from "./support/stack.ts";
import { TestWallet } from "./support/wallet.ts";

const stack = useStack();
const browser = useBrowser();
const mail = mailbox(stack.current.mailDir);

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

describe("admin console", () => {
  let page: Page;
  let admin: { email: string; password: string };
  afterAll(() => page?.context().close());

  test("signs in with password and the emailed code; an empty or wrong code is refused with a toast", async () => {
    admin = await freshAdmin(stack.current);
    const wallet = new TestWallet({ privateKey: DEV_KEYS.owner, rpcUrl: stack.current.urls.rpc });
    page = await openPage(browser.current, { baseURL: stack.current.urls.web, wallet });
    await page.goto(routes.adminLogin.href());
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Enter a valid email").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("email");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByText("Enter a valid email").waitFor({ state: "hidden" });
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Check all the fields").first().waitFor();
    await expect.poll(() => page.getByText(MESSAGES.invalidCredentials).count()).toBe(2);

    const before = mail.count(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await waitForPath(page, routes.adminVerifyOtp.path);
    const code = await mail.codeFor(admin.email, before);

    await page.getByRole("button", { name: "Verify OTP" }).click();
    await page.getByText("Enter the OTP").waitFor();
    await page.getByLabel("One-time code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await page.getByText(MESSAGES.invalidOtp).waitFor();
    await page.getByRole("button", { name: "Resend OTP" }).click();
    await page.getByText(/Wait 30 seconds/).waitFor();

    await page.getByLabel("One-time code").fill(code);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await waitForPath(page, routes.adminDashboard.path);
    await page.goto(routes.adminLogin.href());
    await waitForPath(page, routes.adminDashboard.path);
  });

  test("uploads the logo ('File  Uploaded Successfully'), updates the settings, setting changed stake limits on chain first, and the password", async () => {
    await page.getByRole("link", { name: "Setting" }).click();
    await page.getByRole("heading", { name: "Website Setting" }).waitFor();
    await page
      .getByLabel("Logo (.png, .jpg, .jpeg)")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG_1X1 });
    const uploaded = page.getByText("File  Uploaded Successfully").first();
    await uploaded.waitFor();
    expect(await uploaded.textContent(), "the spec's wording, two spaces included").toContain(
      "File  Uploaded Successfully",
    );
    expect(await page.getByText("Image Uploaded Successfully").count()).toBe(0);
    await page.getByRole("img", { name: "Current logo" }).waitFor();

    const outsidePortal = async () =>
      (
        await callApi<{ counts: { limitChangeOutsidePortal: number } }>(
          stack.current,
          `${API.unchecked}?kind=limitChangeOutsidePortal`,
          await adminToken(stack.current, admin),
        )
      ).counts.limitChangeOutsidePortal;
    const outsideBefore = await outsidePortal();
    const economics = page.getByRole("group", { name: "Staking economics" });
    await economics.getByLabel("Stake in multiples of (PLI)").fill("7000");
    await page.getByRole("button", { name: "Update Setting" }).click();
    await page.getByText("The multiple must divide the minimum stake").waitFor();
    await page.getByText("Check all the fields").waitFor();

    await economics.getByLabel("Stake in multiples of (PLI)").fill("2000");
    await economics.getByLabel("Minimum Stake (PLI)").fill("60000");
    await economics.getByLabel("Maximum Stake (PLI)").fill("900000");
    await economics.getByLabel("Incentive percentage per month (%)").fill("3");
    await page.getByRole("button", { name: "Update Setting" }).click();
    const confirm = page.getByRole("dialog", { name: "Change the staking economics?" });
    await confirm
      .getByText(
        /^Minimum Stake: [\d,]+ PLI → 60,000 PLI; Maximum Stake: [\d,]+ PLI → 900,000 PLI; Stake in multiples of: [\d,]+ PLI → 2,000 PLI; Incentive percentage per month: [\d.]+ % per month → 3 % per month\. Type yes and confirm$/,
      )
      .waitFor();
    await confirm.getByLabel("Type yes to confirm").fill("yes");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Setting Updated Successfully").waitFor({ timeout: 60_000 });

    const email = page.getByLabel("Application Email");
    await email.fill("not an email");
    await page.getByRole("button", { name: "Update Setting" }).click();
    await page.getByText("Check all the fields").waitFor();
    await email.fill("support@plugin.network");
    await page.getByRole("button", { name: "Update Setting" }).click();
    await page.getByText("Setting Updated Successfully").last().waitFor();
    await page.getByText("Check all the fields").waitFor({ state: "detached", timeout: 1_000 });

    const chain = createPublicClient({ transport: http(stack.current.urls.rpc) });
    const staking = { address: stack.current.deployment.contracts.stakingRewards, abi: stakingRewardsAbi } as const;
    expect(await chain.readContract({ ...staking, functionName: "minStakeAmt" })).toBe(parseUnits("60000", 18));
    expect(await chain.readContract({ ...staking, functionName: "maxStakeAmt" })).toBe(parseUnits("900000", 18));
    const settings = (await (await fetch(`${stack.current.urls.api}${API.setting}`)).json()) as Record<string, string>;
    expect(settings).toMatchObject({
      minimumStake: "60000",
      maximumStake: "900000",
      multiplyOf: "2000",
      incentivePercentage: "3",
    });
    expect(settings.logoUrl).toMatch(/\.png$/);
    expect(await outsidePortal(), "the page's own limit changes are not listed as made outside the portal").toBe(
      outsideBefore,
    );
    await page.getByText("On the chain: 60,000 PLI").waitFor();
    await page.getByText("On the chain: 900,000 PLI").waitFor();
    await checkScreen(page, path.join(import.meta.dirname, "artifacts", "screenshots", "admin"), "site-setting");

    const passwordForm = page.getByRole("form", { name: "Update Password" });
    await passwordForm.getByLabel("Current Password").fill("not the password");
    await passwordForm.getByLabel("New Password").fill("a brand new password");
    await passwordForm.getByLabel("Confirm Password").fill("another password!!");
    await passwordForm.getByRole("button", { name: "Update Password" }).click();
    await passwordForm.getByText(MESSAGES.passwordsDiffer).waitFor();
    await passwordForm.getByLabel("Confirm Password").fill("a brand new password");
    await passwordForm.getByRole("button", { name: "Update Password" }).click();
    await passwordForm.getByText(MESSAGES.wrongPassword).waitFor();
    await passwordForm.getByLabel("Current Password").fill(admin.password);
    await passwordForm.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Password Updated Successfully").waitFor();
    const login = await fetch(`${stack.current.urls.api}${API.admin.login}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: "a brand new password" }),
    });
    expect(login.status).toBe(200);
  });

  test("the admin frame has the admin sidebar and logs out to the sign-in page", async () => {
    const sidebar = page.getByRole("navigation", { name: "Admin menu" });
    for (const label of [
      "Dashboard",
      "Node Requests",
      "Job Requests",
      "Stakes",
      "Incentives",
      "Full Node RPC's",
      "Setting",
    ]) {
      await sidebar.getByRole("link", { name: label }).waitFor();
    }
    await page.getByRole("button", { name: "Logout" }).click();
    await waitForPath(page, routes.adminLogin.path);
    await page.goto(routes.adminSiteSetting.href());
    await waitForPath(page, routes.adminLogin.path);
  });
});
