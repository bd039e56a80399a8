import { describe, expect, test } from "vitest";
import { DEV_KEYS, devAccount } from "../scripts/lib/dev-accounts.ts";
import { authMessages } from "../web/src/features/auth/messages.ts";
import { WALLET_EXTENSION } from "../web/src/shared/config/wallet-extension.ts";
import { openPage, useBrowser } from "./support/browser.ts";
import { useStack } from "./support/stack.ts";
import { TEST_WALLET_INFO, TestWallet } from "./support/wallet.ts";

const stack = useStack();
const browser = useBrowser();

describe("the wallet connect page (/)", () => {
  test("connecting the injected wallet shows the connected address, and follows an account switch", async () => {
    const wallet = new TestWallet({ privateKey: DEV_KEYS.validator, rpcUrl: stack.current.urls.rpc });
    const page = await openPage(browser.current, { baseURL: stack.current.urls.web, wallet });
    await page.goto("/");

    await page.getByRole("heading", { name: authMessages.portalTitle }).waitFor();
    await page.getByRole("button", { name: authMessages.connectWallet }).click();

    await page.getByText(wallet.address, { exact: true }).waitFor();
    await page.getByText(TEST_WALLET_INFO.name, { exact: true }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);

    await wallet.switchAccount(DEV_KEYS.standby);
    await page.getByText(devAccount("standby").address, { exact: true }).waitFor();
    await page.context().close();
  });

  test("without a wallet the page says the extension is not installed and links to its store", async () => {
    const page = await openPage(browser.current, { baseURL: stack.current.urls.web });
    await page.goto("/");

    const warning = page.getByRole("alert").filter({ hasText: authMessages.walletNotInstalled });
    await warning.waitFor();
    expect(await warning.getByRole("link", { name: authMessages.viewInStore }).getAttribute("href")).toBe(WALLET_EXTENSION.storeUrl);

    await page.getByRole("button", { name: authMessages.connectWallet }).click();
    await warning.waitFor();
    expect(await page.getByText(/^0x[0-9a-fA-F]{40}$/).count()).toBe(0);
    await page.context().close();
  });
});
