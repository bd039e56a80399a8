import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { getAddress, parseUnits } from "viem";
import { pluginTokenAbi, stakingRewardsAbi } from "@pli/abis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API, MESSAGES, STAKE_STATUS } from "@pli/api/public-contract";
import { describeTxFailure } from "@pli/web/chain/tx-failure";
import { stakingMessages } from "@pli/web/features/stake/messages";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { routes } from "@/shared/config/routes";
import { operatorAndAdmin, signInContext, type FreshOperator } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { downloadedText } from "./support/downloads.ts";
import { jsonRpc } from "./support/json-rpc.ts";
import { checkScreen, SCREEN_SIZES } from "./support/layout-checks.ts";
import { callApi, slowAnswers } from "./support/records.ts";
import { approvedNode, approveRequest, chainAs, unlockStake, type ApprovedNode } from "./support/staking-setup.ts";
import { useStack } from "./support/stack.ts";
import { TestWallet } from "./support/wallet.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "staking");
const pli = (value: string) => parseUnits(value, 18);
const shoot = (page: Page, name: string) => checkScreen(page, SCREENSHOTS, name);

let operator: FreshOperator;
let operatorSession: string;
let adminSession: string;
let node: ApprovedNode;
let context: BrowserContext;
let wallet: TestWallet;
let page: Page;

beforeAll(async () => {
  ({ operator, operatorSession, adminSession } = await operatorAndAdmin(stack.current, "200000"));
  node = await approvedNode(stack.current, { operator: operatorSession, admin: adminSession }, operator.address);
  context = await browser.current.newContext({
    baseURL: stack.current.urls.web,
    viewport: SCREEN_SIZES[0].viewport,
    acceptDownloads: true,
  });
  await signInContext(context, operatorSession);
  wallet = new TestWallet({ privateKey: operator.key, rpcUrl: stack.current.urls.rpc });
  page = await openStaking();
});

afterAll(async () => {
  await context?.close();
});

async function openStaking(): Promise<Page> {
  const opened = await context.newPage();
  await wallet.install(opened);
  await opened.goto(routes.deposit.href(node._id));
  await opened.getByRole("heading", { name: "Validator Node Staking", level: 1 }).waitFor();
  return opened;
}

const chain = () => chainAs(stack.current, operator.key);
const allowance = () =>
  chain().chain.readContract({
    address: stack.current.deployment.contracts.pliToken,
    abi: pluginTokenAbi,
    functionName: "allowance",
    args: [operator.address, stack.current.deployment.contracts.stakingRewards],
  });
const apiTotal = async () =>
  BigInt(
    (await callApi<{ tillStake: string }>(stack.current, `${API.stake.total}?nodeId=${node._id}`, operatorSession))
      .tillStake,
  );
const stakeSoFar = (on: Page = page) => on.getByTestId("stake-so-far").textContent();
const amountField = () => page.getByLabel("Number of PLI to Deposit");

/** The success dialog of a stake, closed with OK. */
async function stakingDone() {
  const dialog = page.getByRole("dialog", { name: "Staking Done Successfully" });
  await dialog.getByText("Your staking has been added in to blockchain").waitFor({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "OK" }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("staking on an approved node, from the request to the withdrawal", () => {
  test("the operator sees the node and the halted-farming notice, sends the request and sees 'Your Request is Pending'", async () => {
    await page.getByText(node.name).first().waitFor();
    await page.getByText(node.ipaddress).waitFor();
    await page.getByText("Vultr").waitFor();
    await expect.poll(() => page.getByTestId("staking-pli-balance").textContent()).toBe("200,000.0000");
    await expect.poll(() => stakeSoFar()).toBe("0.0000");
    await page.getByText(stakingMessages.halted).waitFor();
    await page.getByRole("link", { name: "Back to Dashboard" }).waitFor();

    const stopSlowing = await slowAnswers(page, API.stakeRequest.root, 1_500);
    await page.getByRole("button", { name: stakingMessages.sendRequest }).click();
    await page.getByText("Request Initiated Successfully").first().waitFor();
    await page.getByText(stakingMessages.requestStatus("Pending")).waitFor();
    await stopSlowing();
    await shoot(page, "request-pending");
  });

  test("once approved (shown without a reload), the deposit view shows spec 5's messages; a rejected signature records nothing", async () => {
    const { _id } = await callApi<{ _id: string }>(
      stack.current,
      `${API.stakeRequest.root}?nodeId=${node._id}`,
      operatorSession,
    );
    await approveRequest(stack.current, adminSession, _id, operator.address, node.nodeAddress);
    await amountField().waitFor();
    await page.getByText(stakingMessages.limits("50,000", "1,000", "1,000,000")).waitFor();
    await page.getByRole("button", { name: stakingMessages.maxFills("199,000") }).click();
    expect(await amountField().inputValue()).toBe("199000");
    await page.getByRole("button", { name: "Sign Transaction" }).waitFor();

    await amountField().fill("1000");
    await page
      .getByRole("alert")
      .filter({ hasText: MESSAGES.stakeBelowMinimum.replace("{min}", "50000") })
      .waitFor();
    expect(await page.getByRole("button", { name: "Sign Transaction" }).count()).toBe(0);
    await amountField().fill("50500");
    await page
      .getByRole("alert")
      .filter({ hasText: MESSAGES.stakeNotMultiple.replace("{n}", "1000") })
      .waitFor();
    await amountField().fill("1001000");
    await page
      .getByRole("alert")
      .filter({ hasText: `${"Maximum Limit Reached"} (1,000,000 PLI left for this node)` })
      .waitFor();
    expect(await page.getByRole("button", { name: "Sign Transaction" }).count()).toBe(0);
    await shoot(page, "deposit-bad-amount");

    await amountField().fill("50000");
    expect(await page.getByRole("button", { name: "Continue to Deposit" }).isDisabled()).toBe(true);
    wallet.rejectNextSignature();
    await page.getByRole("button", { name: "Sign Transaction" }).click();
    const failure = page.getByRole("dialog").getByRole("alert");
    await failure.getByText("Error Occured on Blockchain Transaction").waitFor();
    await failure.getByText("The transaction was rejected in the wallet.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    expect(await allowance()).toBe(0n);
    expect(await apiTotal()).toBe(0n);
  });

  test("Sign Transaction approves exactly the amount; a deposit that runs out of gas on chain records nothing; Continue to Deposit stakes it; the total comes from the chain", async () => {
    await page.getByRole("button", { name: "Sign Transaction" }).click();
    await page.getByText(stakingMessages.allowanceCovers).waitFor({ timeout: 30_000 });
    expect(await allowance()).toBe(pli("50000"));

    wallet.starveNextTransaction();
    await page.getByRole("button", { name: "Continue to Deposit" }).click();
    const failure = page.getByRole("dialog").getByRole("alert");
    await failure.getByText(/ran out of gas on chain and changed nothing/).waitFor({ timeout: 30_000 });
    await shoot(page, "deposit-failed-on-chain");
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    expect(await allowance()).toBe(pli("50000"));
    expect(await apiTotal()).toBe(0n);
    expect(await stakeSoFar()).toBe("0.0000");

    await page.getByRole("button", { name: "Continue to Deposit" }).click();
    await stakingDone();
    expect(await stakeSoFar()).toBe("50,000.0000");
    await expect.poll(() => page.getByTestId("staking-pli-balance").textContent()).toBe("150,000.0000");
    expect(await allowance()).toBe(0n);
    expect(await apiTotal()).toBe(pli("50000"));
  });

  test("a top-up in one transaction (transferAndCall), and one sent from elsewhere shows without a reload", async () => {
    await amountField().fill("2000");
    await page.getByRole("button", { name: stakingMessages.oneTransaction }).click();
    await stakingDone();
    expect(await stakeSoFar()).toBe("52,000.0000");

    const { wallet: operatorWallet, mined } = chain();
    const { pliToken, stakingRewards } = stack.current.deployment.contracts;
    await mined(
      await operatorWallet.writeContract({
        address: pliToken,
        abi: pluginTokenAbi,
        functionName: "approve",
        args: [stakingRewards, pli("1000")],
        chain: null,
      }),
    );
    await mined(
      await operatorWallet.writeContract({
        address: stakingRewards,
        abi: stakingRewardsAbi,
        functionName: "topupStake",
        args: [pli("1000"), getAddress(node.nodeAddress)],
        chain: null,
      }),
    );
    await expect.poll(() => stakeSoFar(), { timeout: 15_000 }).toBe("53,000.0000");
    await amountField().fill("1000");
    await page.getByRole("button", { name: stakingMessages.oneTransaction }).waitFor();
    await shoot(page, "deposit-actions");
  });

  test("a transaction the contract refuses shows the contract's reason and records nothing", async () => {
    const owner = chainAs(stack.current, DEV_KEYS.owner);
    const { stakingRewards } = stack.current.deployment.contracts;
    const setMaximum = async (tokens: string) =>
      owner.mined(
        await owner.wallet.writeContract({
          address: stakingRewards,
          abi: stakingRewardsAbi,
          functionName: "setMaxStakeAmt",
          args: [pli(tokens)],
          chain: null,
        }),
      );
    try {
      await amountField().fill("1000");
      wallet.beforeNextTransaction(() => setMaximum("53000"));
      await page.getByRole("button", { name: stakingMessages.oneTransaction }).click();
      const failure = page.getByRole("dialog").getByRole("alert");
      await failure.getByText("Error Occured on Blockchain Transaction").waitFor({ timeout: 30_000 });
      await failure.getByText(describeTxFailure({ kind: "reverted", reason: "Above maximum stake" })).waitFor();
      expect(await page.getByRole("dialog").getByText("Staking Done Successfully").count()).toBe(0);
      await shoot(page, "deposit-refused-by-contract");
      await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    } finally {
      await setMaximum("1000000");
    }
    expect(await apiTotal()).toBe(pli("53000"));
    expect(await stakeSoFar()).toBe("53,000.0000");
    await expect.poll(() => page.getByTestId("staking-pli-balance").textContent()).toBe("147,000.0000");
  });

  test("stake limits changed on chain outside the portal are shown and applied by the open form, without a reload", async () => {
    const owner = chainAs(stack.current, DEV_KEYS.owner);
    const { stakingRewards } = stack.current.deployment.contracts;
    const setLimit = async (functionName: "setMinStakeAmt" | "setMaxStakeAmt", tokens: string) =>
      owner.mined(
        await owner.wallet.writeContract({
          address: stakingRewards,
          abi: stakingRewardsAbi,
          functionName,
          args: [pli(tokens)],
          chain: null,
        }),
      );
    const oneTransaction = page.getByRole("button", { name: stakingMessages.oneTransaction });
    await amountField().fill("1000");
    await oneTransaction.waitFor();
    try {
      await setLimit("setMaxStakeAmt", "53500");
      await page
        .getByRole("alert")
        .filter({ hasText: "Maximum Limit Reached (500 PLI left for this node)" })
        .waitFor({ timeout: 15_000 });
      expect(await oneTransaction.count()).toBe(0);
      const max = page.getByRole("button", { name: stakingMessages.max, exact: true });
      expect(await max.isDisabled()).toBe(true);
      await page
        .getByText(stakingMessages.maxUnavailable("Maximum Limit Reached (500 PLI left for this node)"))
        .waitFor();
      await shoot(page, "deposit-maximum-lowered-on-chain");

      await setLimit("setMaxStakeAmt", "1000000");
      await setLimit("setMinStakeAmt", "60000");
      await page.getByText(stakingMessages.limits("60,000", "1,000", "947,000")).waitFor({ timeout: 15_000 });
      await page.getByRole("alert").filter({ hasText: "Values Must be in greater  than or equal to 60000" }).waitFor();
      expect(await oneTransaction.count()).toBe(0);

      const faq = await context.newPage();
      await wallet.install(faq);
      await faq.goto(routes.faq.href());
      await faq.getByRole("button", { name: "How much can I stake?" }).click();
      await faq.getByText(/at least 60,000 PLI, in multiples of 1,000 PLI.*never exceeds 1,000,000 PLI/).waitFor();
      await shoot(faq, "faq-limits-from-chain");
      await faq.close();
    } finally {
      await setLimit("setMaxStakeAmt", "1000000");
      await setLimit("setMinStakeAmt", "50000");
    }
    await page.getByText(stakingMessages.limits("1,000", "1,000", "947,000")).waitFor({ timeout: 15_000 });
    await oneTransaction.waitFor();
  });

  test("closing the page right after signing loses nothing: back while it is pending, staking waits for it (nothing sent twice); mined, the stake shows", async () => {
    // The chain holds the signed transaction unmined until the operator is back: on a fast machine the whole flow
    // (mined, indexed, 'Staking Done') can otherwise end before the test sees the transaction's link.
    const automine = (on: boolean) => jsonRpc(stack.current.urls.rpc, "evm_setAutomine", [on]);
    const held = () => page.getByRole("alert").filter({ hasText: "A transaction you sent is still pending" });
    await automine(false);
    try {
      await page.getByRole("button", { name: stakingMessages.oneTransaction }).click();
      const link = page
        .getByRole("dialog")
        .getByRole("link", { name: /^View Transaction/ })
        .first();
      await link.waitFor();
      const sent = await link.getAttribute("href");
      await page.close();

      page = await openStaking();
      await held().waitFor();
      expect(
        await held()
          .getByRole("link", { name: /^View Transaction/ })
          .getAttribute("href"),
      ).toBe(sent);
      expect(await amountField().isDisabled()).toBe(true);
      await shoot(page, "deposit-pending");
      const again = page.getByRole("button", { name: stakingMessages.oneTransaction });
      expect((await again.count()) === 0 || (await again.isDisabled()), "no second stake can be sent").toBe(true);
    } finally {
      await automine(true);
      await jsonRpc(stack.current.urls.rpc, "evm_mine", []);
    }

    await held().waitFor({ state: "hidden", timeout: 15_000 });
    expect(await amountField().isEnabled()).toBe(true);
    await expect.poll(() => stakeSoFar(), { timeout: 15_000 }).toBe("54,000.0000");
  });

  test("My Wallet and Additional Stake show the stake per node with its top-up link", async () => {
    await page.goto(routes.listWallet.href());
    await page.getByRole("heading", { name: "My Wallet", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("wallet-total-staked").textContent()).toBe("54,000.0000");
    await expect.poll(() => page.getByTestId("wallet-pli").textContent()).toBe("146,000.0000");
    const row = page.getByRole("row").filter({ hasText: node.name });
    await row.getByText("Staked").waitFor();
    await shoot(page, "my-wallet");

    await page.goto(routes.additionalStake.href());
    await page.getByRole("heading", { name: "Additional Stake", level: 1 }).waitFor();
    const topUp = page.getByRole("link", { name: `${stakingMessages.topUp} on ${node.name}` });
    await topUp.waitFor();
    await shoot(page, "additional-stake");
    await topUp.click();
    await page.waitForURL((url) => url.pathname === routes.deposit.href(node._id));
    await amountField().waitFor();
  });

  test("after the admin's unlock the node list offers Withdraw; the operator finds it by hash and withdraws it; the CSV holds every row", async () => {
    const unlockHash = await unlockStake(stack.current, operator.address, node.nodeAddress);
    await page.goto(routes.listNode.href());
    const nodeRow = page.getByRole("row").filter({ hasText: node.name });
    await nodeRow.getByText("Unlocked").waitFor({ timeout: 15_000 });
    await nodeRow.getByRole("button", { name: `Withdraw the stake on ${getAddress(node.nodeAddress)}` }).waitFor();

    await page.goto(routes.transactions.href());
    await page.getByRole("heading", { name: "Transaction Lists" }).waitFor();
    await page.getByText(stakingMessages.transactionsTotal(5)).waitFor({ timeout: 15_000 });
    const topUps = page.getByRole("row").filter({ hasText: "Top-up" });
    await topUps.filter({ hasText: "54,000" }).waitFor();
    expect(await topUps.filter({ hasText: "53,000" }).count(), "each top-up shows the stake it left").toBe(1);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = await downloadedText(download);
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).every((line) => line.startsWith(operator.address.toLowerCase()))).toBe(true);

    await page.getByRole("searchbox", { name: "Search by Txn Hash" }).fill(unlockHash);
    await page.getByText(stakingMessages.transactionsTotal(1)).waitFor();
    const row = page.getByRole("row").filter({ hasText: "Unlock" });
    await row.getByText("Unlocked").waitFor();
    await row.hover();
    await shoot(page, "transactions-unlocked");

    await row.getByRole("button", { name: `Withdraw the stake on ${getAddress(node.nodeAddress)}` }).click();
    await page.getByText("Token Withdrawn Successfully").first().waitFor({ timeout: 30_000 });
    await row.getByText("Withdrawn").waitFor();
    expect(await row.getByRole("button", { name: /^Withdraw/ }).count()).toBe(0);
    const status = await callApi<{ currentStatus: string }>(
      stack.current,
      `${API.stake.status}?nodeId=${node._id}`,
      operatorSession,
    );
    expect(status.currentStatus).toBe(STAKE_STATUS.withdraw);
    await expect.poll(() => page.getByTestId("pli-balance").textContent()).toBe("200,000.0000");
  });
});
