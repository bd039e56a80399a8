import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API, type Paged, type ValidatorResponse } from "@pli/api/public-contract";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { routes } from "@/shared/config/routes";
import { adminToken, freshAdmin, signInContext } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen, SCREEN_SIZES } from "./support/layout-checks.ts";
import { callApi } from "./support/records.ts";
import { useStack } from "./support/stack.ts";
import { TestWallet } from "./support/wallet.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "validators");
const shoot = (page: Page, name: string) => checkScreen(page, SCREENSHOTS, name);

const wallet = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
const [first, second, third] = [wallet(), wallet(), wallet()];
/** A 60-character email, which must wrap in the preview and the list on a phone. */
const LONG_EMAIL = `${"validator.operator.with.a.long.name".padEnd(48, "x")}@example.com`;

let context: BrowserContext;
let page: Page;
let session: string;

const directoryEntry = async (walletAddress: string) =>
  (await callApi<Paged<ValidatorResponse>>(stack.current, `${API.validator.root}?q=${walletAddress}`, session)).docs[0];

/** Chooses `text` as the CSV file of the page's import. */
const chooseCsv = (name: string, text: string) =>
  page.locator('input[type="file"]').setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

async function confirmYes() {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Type yes to confirm").fill("yes");
  await dialog.getByRole("button", { name: "Confirm" }).click();
}

beforeAll(async () => {
  session = await adminToken(stack.current, await freshAdmin(stack.current));
  context = await browser.current.newContext({ baseURL: stack.current.urls.web, viewport: SCREEN_SIZES[0].viewport });
  await signInContext(context, session);
  page = await context.newPage();
  await new TestWallet({ privateKey: DEV_KEYS.owner, rpcUrl: stack.current.urls.rpc }).install(page);
});
afterAll(async () => {
  await context?.close();
});

describe("the admin's Validators screen", () => {
  test("an import with a bad row shows the row's error and saves nothing; the fixed file saves every row", async () => {
    await page.goto(routes.adminListValidator.href());
    await page.getByRole("heading", { name: "Validators", level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: "Validators" }).first().isVisible()).toBe(true);

    const bad = [
      "Wallet Address,Email,Role",
      `${first},${LONG_EMAIL},Validator`,
      `xdc${second.slice(2)},,standby`,
      "0x12345,broken@example.com,Validator",
      `${third},,Owner`,
    ].join("\n");
    await chooseCsv("validators.csv", bad);
    await page.getByRole("alert").filter({ hasText: "2 of 4 rows have errors: nothing will be saved" }).waitFor();
    const preview = page.getByRole("table", { name: "Rows with errors" });
    await preview.getByText("Wallet address: Wallet address must be an address (0x… or xdc…)").waitFor();
    await preview.getByText("Role: Role must be Validator or Standby").waitFor();
    expect(await preview.getByRole("row").count()).toBe(3);
    expect(await page.getByRole("button", { name: "Confirm import" }).isDisabled()).toBe(true);
    await shoot(page, "import-errors");
    expect(await directoryEntry(first)).toBeUndefined();

    const fixed = [
      "walletAddress,email,userRole",
      `${first},${LONG_EMAIL},Validator`,
      `xdc${second.slice(2)},,standby`,
      `${third},,Validator`,
    ].join("\n");
    await chooseCsv("validators-fixed.csv", fixed);
    await page.getByText("3 rows of validators-fixed.csv are ready to import.").waitFor();
    await shoot(page, "import-preview");
    await page.getByRole("button", { name: "Confirm import" }).click();
    await page.getByText("Validators Imported Successfully").first().waitFor();
    const list = page.getByRole("table", { name: "Validators" });
    for (const address of [first, second, third])
      await list.getByRole("combobox", { name: `Role of ${address}` }).waitFor();
    await list.getByText(LONG_EMAIL).waitFor();
    expect(await directoryEntry(second)).toMatchObject({ walletAddress: second, email: null, userRole: "Standby" });
    await shoot(page, "list");
  });

  test("the role changes from the row's select", async () => {
    await page.getByRole("combobox", { name: `Role of ${first}` }).selectOption("Standby");
    await page.getByText("Role Changed Successfully").first().waitFor();
    expect((await directoryEntry(first))?.userRole).toBe("Standby");
  });

  test("removal asks for a typed confirmation and takes the wallet off the list", async () => {
    await page.getByRole("button", { name: `Remove ${third}` }).click();
    await confirmYes();
    await page.getByText("Validator Removed Successfully").first().waitFor();
    await page.getByRole("button", { name: `Remove ${third}` }).waitFor({ state: "detached" });
    expect(await directoryEntry(third)).toBeUndefined();
  });
});

describe("the admin's Invites screen", () => {
  const email = `invited-${Date.now()}@example.com`;

  test("adds an email, removes it, and previews an import's errors with the same import", async () => {
    await page.goto(routes.adminListInvite.href());
    await page.getByRole("heading", { name: "Invites", level: 1 }).waitFor();
    const form = page.getByRole("form", { name: "Invite an email" });
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Add invite" }).click();
    await page.getByText("Invite Added Successfully").first().waitFor();
    await page.getByRole("table", { name: "Invites" }).getByText(email).waitFor();

    await chooseCsv("invites.csv", ["email", "one@example.com", "not an email", "ONE@example.com"].join("\n"));
    const preview = page.getByRole("table", { name: "Rows with errors" });
    await preview.getByText("Email: Enter a valid email").waitFor();
    await preview.getByText("Email: Appears on an earlier row of this file").waitFor();
    expect(await page.getByRole("button", { name: "Confirm import" }).isDisabled()).toBe(true);
    await shoot(page, "invites");

    await page.getByRole("button", { name: `Remove ${email}` }).click();
    await confirmYes();
    await page.getByText("Invite Removed Successfully").first().waitFor();
    await page.getByRole("button", { name: `Remove ${email}` }).waitFor({ state: "detached" });
  });
});
