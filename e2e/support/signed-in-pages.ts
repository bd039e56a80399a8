import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Hex } from "viem";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { signInContext } from "./accounts.ts";
import { SCREEN_SIZES } from "./layout-checks.ts";
import { pageWithWallet } from "./records.ts";
import type { SharedStack } from "./stack.ts";

export interface SignedInPage {
  /** Every new tab of this context starts signed in as well. */
  context: BrowserContext;
  page: Page;
}

/** A desktop-size browser context signed in with `token`, and a page in it whose injected wallet holds `key`. */
export async function signedInPage(
  browser: Browser,
  stack: SharedStack,
  token: string,
  key: Hex,
): Promise<SignedInPage> {
  const context = await browser.newContext({ baseURL: stack.urls.web, viewport: SCREEN_SIZES[0].viewport });
  await signInContext(context, token);
  return { context, page: await pageWithWallet(context, stack, key) };
}

export interface OperatorAndAdminPages {
  operator: SignedInPage;
  admin: SignedInPage;
  /** Closes both contexts. */
  close(): Promise<void>;
}

/**
 * The operator's and an admin's pages side by side, for flows that pass from one to the other (the admin
 * reviews what the operator submitted and the operator sees the outcome live). The admin's wallet is the
 * contracts' owner.
 */
export async function operatorAndAdminPages(
  browser: Browser,
  stack: SharedStack,
  sessions: { operator: { token: string; key: Hex }; admin: string },
): Promise<OperatorAndAdminPages> {
  const operator = await signedInPage(browser, stack, sessions.operator.token, sessions.operator.key);
  const admin = await signedInPage(browser, stack, sessions.admin, DEV_KEYS.owner).catch(async (error: unknown) => {
    await operator.context.close();
    throw error;
  });
  return {
    operator,
    admin,
    close: async () => {
      await operator.context.close();
      await admin.context.close();
    },
  };
}
