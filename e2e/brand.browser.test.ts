import { randomInt } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PNG_1X1 } from "@pli/api/test/images";
import { API, type SettingResponse } from "@pli/api/public-contract";
import { routes } from "@/shared/config/routes";
import { adminToken, freshAdmin, freshOperator, operatorWith2fa } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { callApi } from "./support/records.ts";
import { operatorAndAdminPages, type OperatorAndAdminPages } from "./support/signed-in-pages.ts";
import { useStack } from "./support/stack.ts";

const stack = useStack();
const browser = useBrowser();

let pages: OperatorAndAdminPages;
let signedOut: BrowserContext | undefined;
let adminSession: string;
let original: SettingResponse;
const name = `Acme Validators ${randomInt(1e6)}`;
const contact = { email: `help-${randomInt(1e6)}@acme.example`, phone: "+44 20 7946 0000", address: "1 Chain Street" };

const readSettings = async () =>
  (await (await fetch(`${stack.current.urls.api}${API.setting}`)).json()) as SettingResponse;
const favicon = (page: Page) => page.locator('link[rel="icon"]').getAttribute("href");

beforeAll(async () => {
  const operator = await freshOperator(stack.current);
  const operatorSession = (await operatorWith2fa(stack.current, operator)).token;
  adminSession = await adminToken(stack.current, await freshAdmin(stack.current));
  original = await readSettings();
  pages = await operatorAndAdminPages(browser.current, stack.current, {
    operator: { token: operatorSession, key: operator.key },
    admin: adminSession,
  });
});

afterAll(async () => {
  await signedOut?.close();
  await pages?.close();
  if (!original || !adminSession) return;
  const { applicationName, applicationEmail, logoUrl, contactNo, address } = original;
  const { multiplyOf, incentivePercentage } = await readSettings();
  await callApi(stack.current, API.setting, adminSession, {
    applicationName,
    applicationEmail,
    logoUrl,
    contactNo,
    address,
    multiplyOf,
    incentivePercentage,
  });
});

describe("the brand of the site settings", () => {
  test("an admin's new name and logo show at once in an open operator page and an open sign-in page", async () => {
    const operatorPage = pages.operator.page;
    await operatorPage.goto(routes.dashboard.href());
    const sidebar = operatorPage.getByRole("navigation", { name: "Operator menu" });
    await sidebar.getByRole("link", { name: original.applicationName }).waitFor();
    await operatorPage.waitForFunction((title) => document.title === title, `Dashboard · ${original.applicationName}`);
    const iconBefore = await favicon(operatorPage);

    signedOut = await browser.current.newContext({ baseURL: stack.current.urls.web });
    const signInPage = await signedOut.newPage();
    await signInPage.goto(routes.home.href());
    const header = signInPage.getByRole("banner");
    await header.getByRole("link", { name: original.applicationName }).waitFor();

    const adminPage = pages.admin.page;
    await adminPage.goto(routes.adminSiteSetting.href());
    await adminPage.getByRole("heading", { name: "Website Setting" }).waitFor();
    await adminPage.getByLabel("Application Name").fill(name);
    await adminPage.getByLabel("Application Email").fill(contact.email);
    await adminPage.getByLabel("Contact No").fill(contact.phone);
    await adminPage.getByLabel("Address").fill(contact.address);
    const currentLogo = adminPage.getByRole("img", { name: "Current logo" });
    const logoBefore = (await currentLogo.count()) > 0 ? await currentLogo.getAttribute("src") : null;
    await adminPage
      .getByLabel("Logo (.png, .jpg, .jpeg)")
      .setInputFiles({ name: "brand.png", mimeType: "image/png", buffer: PNG_1X1 });
    await adminPage.waitForFunction(
      (before) => document.querySelector('img[alt="Current logo"]')?.getAttribute("src") !== before,
      logoBefore,
    );
    await currentLogo.waitFor();
    const logo = await currentLogo.getAttribute("src");
    await adminPage.getByRole("button", { name: "Update Setting" }).click();
    await adminPage.getByText("Setting Updated Successfully").waitFor({ timeout: 60_000 });
    await adminPage
      .getByRole("navigation", { name: "Admin menu" })
      .getByRole("link", { name: new RegExp(`^${name}`) })
      .waitFor();

    await sidebar.getByRole("link", { name }).waitFor();
    expect(await sidebar.getByRole("link", { name }).locator("img").getAttribute("src")).toBe(logo);
    await operatorPage.waitForFunction((title) => document.title === title, `Dashboard · ${name}`);
    expect(await favicon(operatorPage)).toBe(logo);
    expect(logo).not.toBe(iconBefore);

    await header.getByRole("link", { name }).waitFor();
    expect(await header.getByRole("link", { name }).locator("img").getAttribute("src")).toBe(logo);
    await signInPage.waitForFunction((title) => document.title === title, `${routes.home.title} · ${name}`);
    expect(await favicon(signInPage)).toBe(logo);
  });

  test("the FAQ tells how to reach the team with the contact details of the settings", async () => {
    const page = pages.operator.page;
    await page.goto(routes.faq.href());
    await page.getByRole("button", { name: "How do I contact the Plugin team?" }).click();
    await page.getByText(`email ${contact.email}, call ${contact.phone}, write to ${contact.address}.`).waitFor();
  });
});
