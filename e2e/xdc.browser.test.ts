import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { createPublicClient, getAddress, http, parseUnits, type Hex } from "viem";
import { XDC_NETWORKS } from "@pli/abis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API, INCENTIVE_STATUS, MESSAGES, NODE_STATUS, STAKE_STATUS } from "@pli/api/public-contract";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { compiledProgram } from "@pli/api/test/cli";
import { startStack, type Stack } from "../scripts/stack.ts";
import { startSmtp, type Smtp } from "../test/smtp.ts";
import { NETWORK_PANEL_TEXT, networkValueRows } from "@pli/web/chain/network-values";
import { incentiveMessages } from "@pli/web/features/incentive/messages";
import { authMessages } from "@pli/web/features/operator/messages";
import { stakingMessages } from "@pli/web/features/stake/messages";
import { routes } from "@/shared/config/routes";
import { operatorAndAdmin, signInContext, type FreshOperator } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen, COLOR_SCHEMES, SCREEN_SIZES, showInScheme } from "./support/layout-checks.ts";
import { callApi } from "./support/records.ts";
import {
  accrueStakeMonths,
  approveRequest,
  incentiveRows,
  mintToOwner,
  registeredNode,
  type RegisteredNode,
} from "./support/staking-setup.ts";
import type { SharedStack } from "./support/stack.ts";
import { totpCode } from "./support/totp.ts";
import { TestWallet } from "./support/wallet.ts";

const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "xdc");
const pli = (value: string) => parseUnits(value, 18);

let dataDir: string;
let smtp: Smtp | undefined;
let started: Stack | undefined;
let stack: SharedStack;
/**
 * The same stack as the test's own steps from Node see it (funding, the owner's setup transactions): straight to
 * anvil, as they stand in for what happens elsewhere, not for the portal on the XDC node.
 */
let setup: SharedStack;
let operator: FreshOperator;
let otpSecret: string;
let operatorSession: string;
let adminSession: string;
let node: RegisteredNode;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "pli-e2e-xdc-"));
  const mailDir = path.join(dataDir, "mail");
  smtp = await startSmtp({ dir: mailDir });
  started = await startStack({
    dataDir,
    xdc: {},
    // Blocks still come on a clock, not with each transaction, but twice as often as XDPoS's: half the waiting.
    xdcBlockSeconds: 1,
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
  setup = { ...stack, urls: { ...stack.urls, rpc: stack.urls.chainRpc } };
  ({ operator, operatorSession, otpSecret, adminSession } = await operatorAndAdmin(setup, "200000"));
  node = await registeredNode(stack, operatorSession, `XDC node ${randomBytes(3).toString("hex")}`);
}, 300_000);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await started?.stop();
  await smtp?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const nodeStatus = async () =>
  (
    await callApi<{ docs: { _id: string; status: string }[] }>(
      stack,
      `${API.node.root}?page=1&limit=10`,
      operatorSession,
    )
  ).docs.find((doc) => doc._id === node._id)?.status;

/** A desktop page (signed in with `token`, if given) whose wallet is XDCPay-like and holds `key`. */
async function xdcPayPage(key: Hex, token?: string): Promise<{ page: Page; wallet: TestWallet }> {
  const context = await browser.current.newContext({ baseURL: stack.urls.web, viewport: SCREEN_SIZES[0].viewport });
  contexts.push(context);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  if (token) await signInContext(context, token);
  const page = await context.newPage();
  const wallet = new TestWallet({ privateKey: key, rpcUrl: stack.urls.rpc, kind: "legacy", xdcAddresses: true });
  await wallet.install(page);
  return { page, wallet };
}

async function confirmYes(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await dialog.getByLabel("Type yes to confirm").fill("yes");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/**
 * The portal on an XDC node, with the wallet XDC's operators were sent to. A stack of its own, started by this file
 * only, runs anvil as chain 51 behind the XDC node stand-in (scripts/lib/xdc-rpc.ts, every quirk on: addresses
 * written xdc…, no EIP-1559 and a 12.5 gwei floor, no `safe` tag, 5,000-block log ranges, XDPoS headers, no
 * websocket, a block every 2 s); its indexer, API and web app (the run's build) read through that node. The browser's wallet is XDCPay 1.x's kind: send and sendAsync only, no network
 * switching, its account written xdc…, legacy transactions at the node's gas price.
 */
describe("on an XDC node with an XDCPay 1.x-like wallet", () => {
  let operatorPage: Page;
  let operatorWallet: TestWallet;
  let adminPage: Page;

  test("the operator signs in: the wallet's xdc account, signed with personal_sign over sendAsync, then the code", async () => {
    ({ page: operatorPage, wallet: operatorWallet } = await xdcPayPage(operator.key));
    const page = operatorPage;
    await page.goto("/");
    await page.getByRole("button", { name: "Connect Wallet" }).click();
    await page.getByLabel(authMessages.otpLabel).fill(totpCode(otpSecret, 1));
    await page.getByRole("button", { name: authMessages.verify }).click();
    await page.waitForURL((url) => url.pathname === routes.dashboard.path);
    await expect.poll(() => page.getByTestId("pli-balance").textContent(), { timeout: 20_000 }).toBe("200,000.0000");
  });

  test("the admin whitelists the node (whiteListIt) from XDCPay; it is indexed and the node saved Approved", async () => {
    ({ page: adminPage } = await xdcPayPage(DEV_KEYS.owner, adminSession));
    const page = adminPage;
    await page.goto(`${routes.adminListNode.href()}?q=${encodeURIComponent(operator.email)}`);
    await page
      .getByRole("row")
      .filter({ hasText: node.name })
      .getByRole("button", { name: `Edit ${node.name}` })
      .click();
    await page.getByRole("combobox", { name: /^Status/ }).selectOption({ label: "Approved" });
    await page.getByRole("button", { name: "Update Status" }).click();
    await confirmYes(page);
    await page.getByText("Node Status Updated Successfully").first().waitFor({ timeout: 60_000 });
    expect(await nodeStatus()).toBe(NODE_STATUS.approved);
  });

  test("on another network XDCPay cannot switch: the approval shows the network's values to add by hand, then goes through", async () => {
    const page = operatorPage;
    await page.goto(routes.deposit.href(node._id));
    await page.getByRole("button", { name: stakingMessages.sendRequest }).click();
    await page.getByText("Request Initiated Successfully").first().waitFor();
    const { _id } = await callApi<{ _id: string }>(
      stack,
      `${API.stakeRequest.root}?nodeId=${node._id}`,
      operatorSession,
    );
    await approveRequest(setup, adminSession, _id, operator.address, node.nodeAddress);
    const amount = page.getByLabel("Number of PLI to Deposit");
    await amount.fill("50000");

    await operatorWallet.switchChain(50);
    await page.getByRole("button", { name: "Sign Transaction" }).click();
    const panel = page.getByRole("dialog").getByRole("region", { name: NETWORK_PANEL_TEXT.title });
    await panel.waitFor({ timeout: 20_000 });
    for (const { label, value } of networkValueRows(XDC_NETWORKS[51]!))
      expect(await panel.getByRole("definition").filter({ hasText: value }).count(), label).toBe(1);
    await panel.getByRole("button", { name: NETWORK_PANEL_TEXT.copy(NETWORK_PANEL_TEXT.rpcUrl) }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(XDC_NETWORKS[51]!.rpcUrl);
    await page.mouse.move(0, 0);
    for (const scheme of COLOR_SCHEMES) {
      await showInScheme(page, scheme);
      await checkScreen(page, SCREENSHOTS, `wrong-network-${scheme}`);
    }
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();

    await operatorWallet.switchChain(51);
    await page.getByRole("button", { name: "Sign Transaction" }).click();
    await page.getByText(stakingMessages.allowanceCovers).waitFor({ timeout: 30_000 });
  });

  test("the operator stakes (approve, then stakeTokens, as legacy transactions at the node's gas price); the stake shows as indexed", async () => {
    const page = operatorPage;
    operatorWallet.changeChainUnheard(50);
    await page.getByRole("button", { name: "Continue to Deposit" }).click();
    await page
      .getByText("Switch your wallet to the network with chain id 51 and try again.")
      .first()
      .waitFor({ timeout: 30_000 });
    const dialog = page.getByRole("dialog");
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: "OK" }).click();
    operatorWallet.changeChainUnheard(51);
    await page.getByRole("button", { name: "Continue to Deposit" }).click();
    const done = page.getByRole("dialog", { name: "Staking Done Successfully" });
    await done.getByText("Your staking has been added in to blockchain").waitFor({ timeout: 30_000 });
    await done.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => page.getByTestId("stake-so-far").textContent()).toBe("50,000.0000");
    const chain = createPublicClient({ transport: http(stack.urls.chainRpc) });
    const stakes = await chain.getLogs({ address: stack.deployment.contracts.stakingRewards, fromBlock: 0n });
    const sent = await chain.getTransaction({ hash: stakes.at(-1)!.transactionHash! });
    expect({ type: sent.type, gasPrice: sent.gasPrice }).toEqual({ type: "legacy", gasPrice: 12_500_000_000n });
  });

  test("the admin deposits PLI (approve, depositReward) and pays the accrued rows with Pay Now from XDCPay; they show Paid", async () => {
    const chain = createPublicClient({ transport: http(stack.urls.chainRpc) });
    await accrueStakeMonths(stack, { chain, stakedAt: new Date(), months: 2, token: operatorSession });
    await mintToOwner(setup, pli("1000"));

    const page = adminPage;
    await page.goto(`${routes.adminListIncentive.href()}?q=${operator.address.toLowerCase()}`);
    await page.getByRole("button", { name: "Deposit PLI" }).click();
    const dialog = page.getByRole("dialog", { name: "Deposit PLI" });
    await dialog.getByLabel("Number of PLI to Deposit").fill("1000");
    await dialog.getByRole("button", { name: "Deposit" }).click();
    await page.getByText("Token Successfully Deposited on Defi Contract").first().waitFor({ timeout: 60_000 });

    const table = page.getByRole("table", { name: "Incentive Lists" });
    const boxes = table.getByRole("checkbox", { name: /^Select the incentive of/ });
    await expect.poll(() => boxes.count()).toBe(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole("button", { name: "Pay Now" }).click();
    await page
      .getByRole("dialog", { name: incentiveMessages.summaryTitle })
      .getByRole("button", { name: incentiveMessages.summaryContinue })
      .click();
    await confirmYes(page);
    await page.getByText("Token Sent Successfully").first().waitFor({ timeout: 60_000 });
    await expect.poll(() => table.getByText("Paid", { exact: true }).count(), { timeout: 20_000 }).toBe(2);
    expect((await incentiveRows(stack, operatorSession)).map((row) => row.status)).toEqual([
      INCENTIVE_STATUS.paid,
      INCENTIVE_STATUS.paid,
    ]);
  });

  test("the admin unlocks the stake from XDCPay, and the operator withdraws it from XDCPay; each shows once indexed", async () => {
    await adminPage.goto(`${routes.adminListStake.href()}?q=${encodeURIComponent(operator.email)}`);
    const stakeRow = adminPage.getByRole("row").filter({ hasText: node.name });
    await stakeRow.getByRole("button", { name: `Unlock the stake on ${node.name}` }).click();
    await adminPage.getByText(MESSAGES.tokenUnlocked).first().waitFor({ timeout: 60_000 });
    await stakeRow.getByText("Unlocked").waitFor();
    const [position] = (
      await callApi<{ docs: { unlockTnxHash: string | null }[] }>(
        stack,
        `${API.stake.root}?q=${encodeURIComponent(operator.email)}`,
        adminSession,
      )
    ).docs;
    const unlockHash = position!.unlockTnxHash!;

    const page = operatorPage;
    await page.goto(routes.transactions.href());
    await page.getByRole("searchbox", { name: "Search by Txn Hash" }).fill(unlockHash);
    await page.getByText(stakingMessages.transactionsTotal(1)).waitFor({ timeout: 20_000 });
    const row = page.getByRole("row").filter({ hasText: "Unlock" });
    await row.getByText("Unlocked").waitFor({ timeout: 20_000 });
    await row.getByRole("button", { name: `Withdraw the stake on ${getAddress(node.nodeAddress)}` }).click();
    await page.getByText("Token Withdrawn Successfully").first().waitFor({ timeout: 60_000 });
    await row.getByText("Withdrawn").waitFor();
    const status = await callApi<{ currentStatus: string }>(
      stack,
      `${API.stake.status}?nodeId=${node._id}`,
      operatorSession,
    );
    expect(status.currentStatus).toBe(STAKE_STATUS.withdraw);
  });
});
