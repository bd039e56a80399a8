import path from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { MESSAGES } from "@pli/api/public-contract";
import { routes } from "@/shared/config/routes";
import { freshAdmin } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen, SCREEN_SIZES } from "./support/layout-checks.ts";
import { mailbox } from "../test/smtp.ts";
import { useStack } from "./support/stack.ts";

const stack = useStack();
const browser = useBrowser();
const mail = mailbox(stack.current.mailDir);
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "passkeys");

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

/** Checks a screen with the pointer parked in the corner, so no hover state is measured. */
async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await checkScreen(page, SCREENSHOTS, name);
}

describe("admin passkeys", () => {
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;
  let admin: { email: string; password: string };
  afterAll(() => page?.context().close());

  const passwordStep = async () => {
    await page.goto(routes.adminLogin.href());
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await waitForPath(page, routes.adminVerifyOtp.path);
  };
  const logOut = async () => {
    await page.getByRole("button", { name: "Logout" }).click();
    await waitForPath(page, routes.adminLogin.path);
  };
  const openSettings = async () => {
    await page.getByRole("link", { name: "Setting" }).click();
    await page.getByRole("heading", { name: "Passkeys" }).waitFor();
  };
  /** The password dialog of a passkey change: a wrong password keeps it open with the error under the field. */
  const confirmWithPassword = async (title: string, confirmLabel: string) => {
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.getByLabel("Current password").fill(`${admin.password}-wrong`);
    await dialog.getByRole("button", { name: confirmLabel }).click();
    await dialog.getByText(MESSAGES.wrongPassword).waitFor();
    await dialog.getByLabel("Current password").fill(admin.password);
    await dialog.getByRole("button", { name: confirmLabel }).click();
    await dialog.waitFor({ state: "hidden" });
  };
  const credentials = async () =>
    ((await cdp.send("WebAuthn.getCredentials", { authenticatorId })) as { credentials: { signCount: number }[] })
      .credentials;

  test("an admin signed in with the emailed code registers a passkey with their password, and renames it, in the settings", async () => {
    admin = await freshAdmin(stack.current);
    const context = await browser.current.newContext({
      baseURL: stack.current.urls.web,
      viewport: SCREEN_SIZES[0].viewport,
    });
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    ({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    }));

    const before = mail.count(admin.email);
    await passwordStep();
    await page.getByLabel("One-time code").fill(await mail.codeFor(admin.email, before));
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await waitForPath(page, routes.adminDashboard.path);

    await openSettings();
    const fallback = page.getByRole("switch", { name: "Emailed code fallback" });
    expect(await fallback.isChecked()).toBe(true);
    expect(await fallback.isDisabled()).toBe(true);
    const addForm = page.getByRole("form", { name: "Add a passkey" });
    await addForm.getByRole("button", { name: "Add passkey" }).click();
    await addForm.getByText("Passkey name is required").waitFor();
    await addForm.getByText("Password is required").waitFor();
    await addForm.getByLabel("Passkey name").fill("Test laptop");
    await addForm.getByLabel("Current password").fill(`${admin.password}-wrong`);
    await addForm.getByRole("button", { name: "Add passkey" }).click();
    await addForm.getByText(MESSAGES.wrongPassword).waitFor();
    expect(await credentials()).toHaveLength(0);
    await addForm.getByLabel("Current password").fill(admin.password);
    await addForm.getByRole("button", { name: "Add passkey" }).click();
    await page.getByText(MESSAGES.passkeyAdded).waitFor();
    const list = page.getByRole("list", { name: "Passkeys" });
    await list.getByText("Test laptop", { exact: true }).waitFor();
    expect(await list.getByRole("listitem").filter({ hasText: "Last used never" }).count()).toBe(1);
    await list.getByText("Discoverable: signs in even when sign-in is under attack").waitFor();
    expect(await credentials()).toHaveLength(1);

    await page.getByRole("button", { name: "Rename Test laptop" }).click();
    await page.getByLabel("New passkey name").fill("Work laptop");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(MESSAGES.passkeyRenamed).waitFor();
    await list.getByText("Work laptop", { exact: true }).waitFor();
    expect(await fallback.isDisabled()).toBe(false);
    await shoot(page, "settings");
  });

  test("signs out and signs in with password and passkey; no code is mailed", async () => {
    await logOut();
    const mailsBefore = mail.count(admin.email);
    await passwordStep();
    await page.getByRole("button", { name: "Use passkey" }).waitFor();
    await page.getByRole("button", { name: "Email me a code instead" }).waitFor();
    expect(await page.getByLabel("One-time code").count()).toBe(0);
    await shoot(page, "second-step-with-fallback");
    await page.getByRole("button", { name: "Use passkey" }).click();
    await waitForPath(page, routes.adminDashboard.path);
    expect(mail.count(admin.email)).toBe(mailsBefore);
    expect((await credentials())[0]!.signCount).toBeGreaterThan(0);
  });

  test("switches the emailed code off after re-entering the password: the last passkey stays, and the sign-in offers no code", async () => {
    await openSettings();
    const fallback = page.getByRole("switch", { name: "Emailed code fallback" });
    await fallback.click();
    expect(await fallback.isChecked()).toBe(true);
    await confirmWithPassword("Turn emailed codes off?", "Turn off");
    await page.getByText(MESSAGES.emailCodeFallbackOff).waitFor();
    expect(await fallback.isChecked()).toBe(false);

    await page.getByRole("button", { name: "Delete Work laptop" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Work laptop?" });
    await dialog.getByLabel("Current password").fill(admin.password);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText(MESSAGES.lastPasskeyWithoutFallback).waitFor();
    await page.getByRole("list", { name: "Passkeys" }).getByText("Work laptop", { exact: true }).waitFor();

    await logOut();
    const mailsBefore = mail.count(admin.email);
    await passwordStep();
    await page.getByRole("button", { name: "Use passkey" }).waitFor();
    expect(await page.getByRole("button", { name: "Email me a code instead" }).count()).toBe(0);
    expect(await page.getByLabel("One-time code").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Verify OTP" }).count()).toBe(0);
    await shoot(page, "second-step-passkey-only");
    await page.getByRole("button", { name: "Use passkey" }).click();
    await waitForPath(page, routes.adminDashboard.path);
    expect(mail.count(admin.email)).toBe(mailsBefore);
  });

  test("with the emailed code back on, a code can be asked for instead; the passkey is deleted after re-entering the password", async () => {
    await openSettings();
    await page.getByRole("switch", { name: "Emailed code fallback" }).click();
    await confirmWithPassword("Turn emailed codes on?", "Turn on");
    await page.getByText(MESSAGES.emailCodeFallbackOn).waitFor();

    await logOut();
    const before = mail.count(admin.email);
    await passwordStep();
    await page.getByRole("button", { name: "Email me a code instead" }).click();
    await page.getByLabel("One-time code").fill(await mail.codeFor(admin.email, before));
    expect(await page.getByRole("button", { name: "Email me a code instead" }).count()).toBe(0);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await waitForPath(page, routes.adminDashboard.path);

    await openSettings();
    expect(
      (await page.getByRole("list", { name: "Passkeys" }).getByRole("listitem").textContent()) ?? "",
    ).not.toContain("Last used never");
    await page.getByRole("button", { name: "Delete Work laptop" }).click();
    await confirmWithPassword("Delete Work laptop?", "Delete");
    await page.getByText(MESSAGES.passkeyDeleted).waitFor();
    await page.getByText(MESSAGES.noPasskey).waitFor();
    expect(await page.getByRole("list", { name: "Passkeys" }).count()).toBe(0);
  });
});
