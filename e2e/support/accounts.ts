import { randomBytes } from "node:crypto";
import type { BrowserContext } from "playwright-core";
import { createPublicClient, createWalletClient, http, parseEther, parseUnits, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { pluginTokenAbi } from "@pli/abis";
import { provisionAdmin } from "@pli/api/admin";
import { USER_ROLE, type UserRole } from "@pli/api/public-contract/domain";
import { createDb } from "@pli/api/db/database";
import { LIMITS_BY_ROUTE } from "@pli/api/rate-limit";
import { upsertDirectoryEntry } from "@pli/api/validator-check";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { adminSession, operatorSession, operatorSessionWith2fa } from "../../test/sessions.ts";
import { TOKEN_STORAGE_KEY } from "@pli/web/shared/session/token-store";
import { mailbox } from "../../test/smtp.ts";
import type { SharedStack } from "./stack.ts";
import { receiptOf } from "../../scripts/lib/receipt.ts";

const unique = () => randomBytes(4).toString("hex");

export interface FreshOperator {
  key: Hex;
  address: `0x${string}`;
  email: string;
}

/**
 * A new wallet no other test uses: listed in the validator directory with `role`, funded with XDC for
 * gas and with `pli` PLI minted by the token owner.
 */
export async function freshOperator(
  stack: SharedStack,
  {
    role = USER_ROLE.validator,
    pli = "0",
    emailLength,
  }: { role?: UserRole; pli?: string; /** An email of exactly this many characters. */ emailLength?: number } = {},
): Promise<FreshOperator> {
  const key = generatePrivateKey();
  const { address } = privateKeyToAccount(key);
  const local = `operator-${unique()}`;
  const domain = "@e2e.test";
  const email = emailLength ? `${local.padEnd(emailLength - domain.length, "x")}${domain}` : `${local}${domain}`;
  const db = createDb(stack.databaseUrl, 1);
  try {
    await upsertDirectoryEntry(db, { walletAddress: address, email, userRole: role });
  } finally {
    await db.destroy();
  }
  const transport = http(stack.urls.rpc);
  const chain = createPublicClient({ transport });
  await chain.request({
    method: "anvil_setBalance" as never,
    params: [address, `0x${parseEther("100").toString(16)}`] as never,
  });
  if (pli !== "0") {
    const owner = createWalletClient({ account: privateKeyToAccount(DEV_KEYS.owner), transport });
    const hash = await owner.writeContract({
      address: stack.deployment.contracts.pliToken,
      abi: pluginTokenAbi,
      functionName: "mint",
      args: [address, parseUnits(pli, 18)],
      chain: null,
    });
    await receiptOf(chain, hash);
  }
  return { key, address, email };
}

/**
 * Every file of the run signs its operators in from this machine's one address, so together they would reach the
 * per-address sign-in limits meant for strangers (a file's own sign-ins never come near them), of the message to sign
 * and of the signed sign-in: their counts start again.
 */
async function forgetSignInsFromHere(stack: SharedStack): Promise<void> {
  const db = createDb(stack.databaseUrl, 1);
  try {
    const { siweIp, userLoginIp } = LIMITS_BY_ROUTE;
    await db
      .deleteFrom("app.rate_limit")
      .where((eb) => eb.or([siweIp, userLoginIp].map((limit) => eb("key", "like", `${limit.name}:%`))))
      .execute();
  } finally {
    await db.destroy();
  }
}

/** Sign-In With Ethereum from Node, as the web app does it; returns the session token. */
export async function operatorToken(stack: SharedStack, operator: FreshOperator, otp?: string): Promise<string> {
  await forgetSignInsFromHere(stack);
  return operatorSession(stack.urls.api, operator.key, otp);
}

/** Signs the operator in, turns 2FA on with their authenticator secret, and signs in again with a code. */
export async function operatorWith2fa(
  stack: SharedStack,
  operator: FreshOperator,
): Promise<{ token: string; secret: string }> {
  await forgetSignInsFromHere(stack);
  return operatorSessionWith2fa(stack.urls.api, operator.key);
}

/** A new admin with a generated password (the password is shown only here). */
export async function freshAdmin(stack: SharedStack): Promise<{ email: string; password: string }> {
  const db = createDb(stack.databaseUrl, 1);
  try {
    const { admin, password } = await provisionAdmin(db, { email: `admin-${unique()}@e2e.test`, name: "E2E Admin" });
    return { email: admin.email, password };
  } finally {
    await db.destroy();
  }
}

/** Admin sign-in from Node: password, then the code from the stack's SMTP server. */
export const adminToken = (stack: SharedStack, admin: { email: string; password: string }): Promise<string> =>
  adminSession(stack.urls.api, admin, mailbox(stack.mailDir));

/** A fresh operator holding `pli` PLI, signed in with 2FA on (its authenticator secret too), and a fresh admin signed in. */
export async function operatorAndAdmin(
  stack: SharedStack,
  pli: string,
): Promise<{ operator: FreshOperator; operatorSession: string; otpSecret: string; adminSession: string }> {
  const operator = await freshOperator(stack, { pli });
  const { token: operatorSession, secret: otpSecret } = await operatorWith2fa(stack, operator);
  const adminSession = await adminToken(stack, await freshAdmin(stack));
  return { operator, operatorSession, otpSecret, adminSession };
}

/** Starts every new tab of `context` signed in with `token` (as the web app stores it), once per tab. */
export async function signInContext(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem("e2e-signed-in")) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem("e2e-signed-in", "1");
    },
    { key: TOKEN_STORAGE_KEY, value: token },
  );
}
