import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { createWalletClient, getAddress, http, parseUnits, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { execTransactionArgs, safeL2Abi, safeTxFromJson, safeTxTypedData } from "@pli/abis";
import { createDb } from "@pli/api/db/database";
import { API, INCENTIVE_STATUS, MESSAGES, type SafeProposalResponse } from "@pli/api/public-contract";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { safeModeMessages } from "@pli/web/chain/safe/messages";
import { incentiveMessages } from "@pli/web/features/incentive/messages";
import { safeMessages } from "@pli/web/features/safe/messages";
import { routes } from "@/shared/config/routes";
import { DEV_KEYS, SAFE_ADMIN_KEYS } from "../scripts/lib/dev-accounts.ts";
import { compiledProgram } from "@pli/api/test/cli";
import { startStack, type Stack } from "../scripts/stack.ts";
import { startSmtp, type Smtp } from "../test/smtp.ts";
import { adminToken, freshAdmin, freshOperator, operatorWith2fa, signInContext } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen, COLOR_SCHEMES, SCREEN_SIZES, showInScheme } from "./support/layout-checks.ts";
import { callApi, randomAddress, registeredNode } from "./support/records.ts";
import type { SharedStack } from "./support/stack.ts";
import { TestWallet } from "./support/wallet.ts";

const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "safe");
const [firstKey, secondKey, thirdKey] = SAFE_ADMIN_KEYS;

let dataDir: string;
let smtp: Smtp | undefined;
let started: Stack | undefined;
let stack: SharedStack;
let sessions: string[];
const contexts: BrowserContext[] = [];
/** The operator wallet the payout pays, and its two UnPaid incentives. */
const payee = randomAddress();
const amounts = [parseUnits("1234.5", 18), parseUnits("765.5", 18)];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "pli-e2e-safe-"));
  const mailDir = path.join(dataDir, "mail");
  smtp = await startSmtp({ dir: mailDir });
  started = await startStack({
    dataDir,
    safe: true,
    apiEnv: { SMTP_URL: smtp.url, SCHEDULER_ENABLED: "false" },
    apiProgram: compiledProgram("server"),
  });
  stack = {
    urls: started.urls,
    deployment: started.deployment,
    databaseUrl: started.databaseUrl,
    logDir: started.logDir,
    mailDir,
  };
  sessions = [];
  for (let i = 0; i < 3; i++) sessions.push(await adminToken(stack, await freshAdmin(stack)));
  const db = createDb(stack.databaseUrl, 1);
  try {
    await db
      .insertInto("app.incentive")
      .values(
        amounts.map((token, i) => ({
          wallet: payee.toLowerCase(),
          node: randomAddress().toLowerCase(),
          date: `2026-0${8 + i}-01`,
          token: token.toString(),
          inactive_count: 0,
          staked_days: 30,
          accrued_days: 30,
          percentage: "1",
          created_at: new Date(),
        })),
      )
      .execute();
  } finally {
    await db.destroy();
  }
}, 300_000);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await started?.stop();
  await smtp?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A desktop page signed in as admin `session`, its wallet holding `key` (`legacy`: XDCPay 1.x-like, no _v4). */
async function adminPage(session: string, key: Hex, legacy = false): Promise<Page> {
  const context = await browser.current.newContext({ baseURL: stack.urls.web, viewport: SCREEN_SIZES[0].viewport });
  contexts.push(context);
  await signInContext(context, session);
  const page = await context.newPage();
  await new TestWallet({ privateKey: key, rpcUrl: stack.urls.rpc, kind: legacy ? "legacy" : "eip1193" }).install(page);
  return page;
}

/** The Safe queue with the page's wallet connected, on the filter whose label starts with `filter`. */
async function openQueue(page: Page, filter: string) {
  await page.goto(routes.adminSafeQueue.href());
  await page.getByRole("heading", { name: safeMessages.title }).waitFor();
  const connect = page.getByRole("button", { name: safeMessages.connect });
  const connected = page.getByTestId("safe-connected");
  await expect
    .poll(
      async () => {
        if (await connected.isVisible()) return true;
        await connect.click({ timeout: 1_000 }).catch(() => undefined);
        return connected.isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.getByRole("tab", { name: new RegExp(`^${filter}`) }).click();
}

const card = (page: Page, nonce: string): Locator =>
  page.getByRole("article").filter({ has: page.getByText(safeMessages.nonce(nonce), { exact: true }) });

const queue = (session = sessions[0]!) => callApi<SafeProposalResponse[]>(stack, API.safe.proposals, session);
const proposalAt = async (nonce: string) => (await queue()).filter((p) => p.nonce === nonce);

async function confirmYes(page: Page, title = "Are you sure?") {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.getByLabel("Type yes to confirm").fill("yes");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/**
 * Safe mode in the browser: the contracts belong to the demo 2-of-3 Safe (npm start -- --safe), three admins hold its
 * owners' keys in their wallets, and a fourth wallet is no owner. Admin chain actions are proposed; owners confirm
 * (typed data, or _v3 from an XDCPay 1.x-like wallet, or approveHash on chain) and a third executes.
 */
describe("Safe mode: proposals, confirmations and execution from three owners' wallets", () => {
  let first: Page;
  let second: Page;
  let third: Page;

  test("Pay Now proposes one Safe transaction; a second owner confirms (_v3), the third executes; rows Paid", async () => {
    first = await adminPage(sessions[0]!, firstKey);
    await first.goto(`${routes.adminListIncentive.href()}?q=${payee.toLowerCase()}`);
    const table = first.getByRole("table", { name: "Incentive Lists" });
    await table
      .getByRole("checkbox", { name: /^Select the incentive of/ })
      .nth(1)
      .waitFor();
    await table.getByRole("checkbox", { name: incentiveMessages.selectAll }).check();
    await first.getByText(incentiveMessages.selected(2)).waitFor();
    await first.getByRole("button", { name: "Pay Now" }).click();
    const summary = first.getByRole("dialog", { name: "Payout summary" });
    await summary
      .getByText("One Safe transaction to propose (1 payRewards call), confirmed by the Safe's owners")
      .waitFor();
    await summary.getByRole("button", { name: "Continue" }).click();
    await confirmYes(first);
    await first.getByText(MESSAGES.safeProposed).first().waitFor();
    await first.getByRole("button", { name: safeModeMessages.openQueue }).first().click();
    await first.waitForURL((url) => url.pathname === routes.adminSafeQueue.path);

    await openQueue(first, "Awaiting my confirmation");
    const payout = card(first, "0");
    await payout.getByText("Pay 2 incentives to 1 wallet: 2000 PLI in 1 payRewards call").waitFor();
    expect(await payout.getByTestId("safe-total").textContent()).toBe("2,000");
    const [proposed] = await proposalAt("0");
    expect(await payout.getByTestId("safe-safe-tx-hash").textContent()).toBe(proposed!.safeTxHash);
    expect(await payout.getByTestId("safe-domain-hash").textContent()).toBe(proposed!.domainHash);
    expect(await payout.getByTestId("safe-csv-digest").textContent()).toBe(proposed!.csvDigest);
    await payout.getByRole("button", { name: safeMessages.confirmOf("0") }).click();
    await first.getByText(MESSAGES.safeConfirmed).first().waitFor();
    await first.getByRole("tab", { name: /^Awaiting others/ }).click();
    await expect.poll(() => card(first, "0").getByTestId("safe-confirmations").textContent()).toBe("1 of 2");
    await checkScreen(first, SCREENSHOTS, "queue-awaiting-others");

    second = await adminPage(sessions[1]!, secondKey, true);
    await openQueue(second, "Awaiting my confirmation");
    await card(second, "0")
      .getByRole("button", { name: safeMessages.confirmOf("0") })
      .click();
    await second.getByText(MESSAGES.safeConfirmed).first().waitFor();
    expect((await proposalAt("0"))[0]!.confirmations.map((c) => c.method)).toEqual(["typedData", "typedData"]);

    third = await adminPage(sessions[2]!, thirdKey);
    await openQueue(third, "Ready to execute");
    const ready = card(third, "0");
    await expect.poll(() => ready.getByTestId("safe-confirmations").textContent()).toBe("2 of 2");
    await ready.getByRole("button", { name: safeMessages.executeOf("0") }).click();
    await third.getByText(MESSAGES.safeExecutionRecorded).first().waitFor({ timeout: 60_000 });
    await third.getByRole("tab", { name: /^Executed/ }).click();
    await card(third, "0").getByTestId("safe-execution").waitFor();
    expect((await proposalAt("0"))[0]!.execution?.executor).toBe(getAddress(privateKeyToAccount(thirdKey).address));

    await third.goto(`${routes.adminListIncentive.href()}?q=${payee.toLowerCase()}`);
    const paid = third.getByRole("table", { name: "Incentive Lists" });
    await expect.poll(() => paid.getByText("Paid", { exact: true }).count(), { timeout: 20_000 }).toBe(2);
    const rows = await callApi<{ docs: { status: string }[] }>(
      stack,
      `${API.incentive.root}?q=${payee.toLowerCase()}`,
      sessions[0]!,
    );
    expect(rows.docs.map((row) => row.status)).toEqual([INCENTIVE_STATUS.paid, INCENTIVE_STATUS.paid]);
  });

  test("an unlock with one confirmation shows 1 of 2 and no Execute; a non-owner's signature is refused", async () => {
    await callApi(stack, API.safe.proposals, sessions[0]!, {
      action: { kind: "unlock", wallet: payee, node: randomAddress() },
    });
    await openQueue(first, "Awaiting my confirmation");
    const unlock = card(first, "1");
    await unlock.getByRole("button", { name: safeMessages.confirmOf("1") }).click();
    await first.getByText(MESSAGES.safeConfirmed).first().waitFor();
    await first.getByRole("tab", { name: /^Awaiting others/ }).click();
    await expect.poll(() => card(first, "1").getByTestId("safe-confirmations").textContent()).toBe("1 of 2");
    expect(
      await card(first, "1")
        .getByRole("button", { name: safeMessages.executeOf("1") })
        .count(),
    ).toBe(0);
    await expect.poll(() => first.getByRole("tab", { name: /^Ready to execute/ }).textContent()).toMatch(/0$/);

    const outsider = await adminPage(sessions[1]!, DEV_KEYS.owner);
    await openQueue(outsider, "Awaiting others");
    await card(outsider, "1")
      .getByRole("button", { name: safeMessages.confirmOf("1") })
      .click();
    await card(outsider, "1").getByRole("alert").getByText(MESSAGES.safeNotOwnerSignature).waitFor();
    expect((await proposalAt("1"))[0]!.confirmations).toHaveLength(1);
  });

  test("a signature for a nonce the Safe has used is refused; the proposal is then shown as replaced", async () => {
    await openQueue(third, "Awaiting my confirmation");
    const stale = card(third, "1");
    await stale.getByRole("button", { name: safeMessages.confirmOf("1") }).waitFor();

    // Meanwhile two other owners replace nonce 1 with another transaction, signed and sent outside this page.
    const { data: replacement } = await callApi<{ data: SafeProposalResponse }>(
      stack,
      API.safe.proposals,
      sessions[1]!,
      { action: { kind: "stakeLimits", maxStake: "900000000" }, nonce: "1" },
    );
    const safe = stack.deployment.safe!.address;
    const tx = safeTxFromJson(replacement.safeTx);
    let signatures: Hex | null = null;
    for (const key of [firstKey, secondKey]) {
      const signature = await privateKeyToAccount(key).signTypedData(
        safeTxTypedData(stack.deployment.chainId, safe, tx),
      );
      const { data } = await callApi<{ data: SafeProposalResponse }>(stack, API.safe.confirm, sessions[1]!, {
        proposalId: replacement._id,
        method: "typedData",
        signature,
      });
      signatures = data.signatures as Hex | null;
    }
    const wallet = createWalletClient({ account: privateKeyToAccount(secondKey), transport: http(stack.urls.rpc) });
    await wallet.writeContract({
      address: safe,
      abi: safeL2Abi,
      functionName: "execTransaction",
      args: execTransactionArgs(tx, signatures!),
      chain: null,
    });
    await expect
      .poll(async () => (await proposalAt("1")).map((p) => p.state).sort(), { timeout: 30_000 })
      .toEqual(["executed", "replaced"]);

    await stale.getByRole("button", { name: safeMessages.confirmOf("1") }).click();
    // The list refreshes after the refusal and the card leaves this tab for Replaced; the refusal is still told, in a
    // toast that outlives the card.
    await expect.poll(() => third.getByRole("tab", { name: /^Awaiting my confirmation/ }).textContent()).toMatch(/0$/);
    expect(await stale.count()).toBe(0);
    await third.getByRole("alert").filter({ hasText: MESSAGES.safeNonceUsed }).waitFor({ timeout: 2_000 });

    await openQueue(third, "Replaced");
    const replaced = card(third, "1");
    await replaced.getByText(safeMessages.replaced("1")).waitFor();
    expect(await replaced.getByTestId("safe-state").textContent()).toBe("Replaced");
    expect(await replaced.getByRole("button", { name: safeMessages.confirmOf("1") }).count()).toBe(0);
  });

  test("Deposit PLI proposes from the Safe's balance; approveHash on chain counts as a confirmation", async () => {
    await first.goto(routes.adminListIncentive.href());
    await first.getByRole("button", { name: "Deposit PLI" }).click();
    const dialog = first.getByRole("dialog", { name: "Deposit PLI" });
    await dialog.getByText(safeModeMessages.fundSafe).waitFor();
    await dialog.getByText("1,000,000.0000").waitFor();
    for (const scheme of COLOR_SCHEMES) {
      await showInScheme(first, scheme);
      await checkScreen(first, SCREENSHOTS, `deposit-dialog-${scheme}`);
    }
    await showInScheme(first, "light");
    await dialog.getByLabel("Number of PLI to Deposit").fill("500");
    await dialog.getByRole("button", { name: "Deposit" }).click();
    await first.getByText(MESSAGES.safeProposed).first().waitFor();

    await openQueue(first, "Awaiting my confirmation");
    const deposit = card(first, "2");
    await deposit.getByText(/^Deposit 500 PLI from the Safe's own balance/).waitFor();
    await deposit.getByRole("button", { name: safeMessages.approveOnChainOf("2") }).click();
    await expect
      .poll(async () => (await proposalAt("2"))[0]!.confirmations.map((c) => c.method), { timeout: 30_000 })
      .toEqual(["approveHash"]);
    await first.getByRole("tab", { name: /^Awaiting others/ }).click();
    await card(first, "2").getByText(safeMessages.method.approveHash).waitFor();

    await openQueue(second, "Awaiting my confirmation");
    await card(second, "2")
      .getByRole("button", { name: safeMessages.confirmOf("2") })
      .click();
    await second.getByText(MESSAGES.safeConfirmed).first().waitFor();

    await openQueue(third, "Ready to execute");
    await card(third, "2")
      .getByRole("button", { name: safeMessages.executeOf("2") })
      .click();
    await third.getByText(MESSAGES.safeExecutionRecorded).first().waitFor({ timeout: 60_000 });
    expect((await proposalAt("2"))[0]!.state).toBe("executed");
    for (const scheme of COLOR_SCHEMES) {
      await third.getByRole("tab", { name: /^Executed/ }).click();
      await showInScheme(third, scheme);
      await checkScreen(third, SCREENSHOTS, `queue-executed-${scheme}`);
    }
  });
  test("the stake limits in Setting are proposed: the typed yes guards the proposal, the chain keeps its limits", async () => {
    await first.goto(routes.adminSiteSetting.href());
    const economics = first.getByRole("group", { name: "Staking economics" });
    await economics.getByLabel("Maximum Stake (PLI)").fill("950000");
    await first.getByRole("button", { name: "Update Setting" }).click();
    await confirmYes(first, "Change the staking economics?");
    await first.getByText(MESSAGES.safeProposed).first().waitFor();
    const [limits] = await proposalAt("3");
    expect(limits).toMatchObject({
      kind: "stakeLimits",
      state: "awaitingOthers",
      summary: "Set the maximum stake to 950000 PLI",
    });
    const setting = (await (await fetch(`${stack.urls.api}${API.setting}`)).json()) as { maximumStake: string };
    expect(setting.maximumStake).toBe("900000000");
  });

  test("a node approval proposed with its status: the queue says Approved is saved when the transaction executes", async () => {
    const operator = await freshOperator(stack);
    const { token } = await operatorWith2fa(stack, operator);
    const nodeAddress = randomAddress();
    const node = await registeredNode(stack, token, { name: "Safe approval node", nodeAddress });
    await callApi(stack, API.safe.proposals, sessions[0]!, {
      action: { kind: "whitelist", contract: "StakingRewards", wallet: operator.address, node: nodeAddress },
      record: { type: "node", id: node._id, status: "Approved" },
    });
    const [proposal] = await proposalAt("4");
    expect(proposal!.record).toMatchObject({ type: "node", status: "Approved", outcome: "pending" });
    await openQueue(first, "Awaiting my confirmation");
    const record = card(first, "4").getByTestId("safe-record");
    await record.getByText("Node Safe approval node: Approved").waitFor();
    await record.getByText("Saved when this Safe transaction executes").waitFor();
    await checkScreen(first, SCREENSHOTS, "queue-record-update");
  });
});
