import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { getAddress, parseUnits } from "viem";
import { pluginFarmAbi, stakingRewardsAbi } from "@pli/abis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  API,
  MESSAGES,
  STAKE_REQUEST_STATUS,
  STAKE_STATUS,
  UNCHECKED_KIND_LABELS,
  type StakeRequestStatus,
} from "@pli/api/public-contract";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { formatToken, formatTokenExact } from "@pli/web/shared/format";
import { routes } from "@/shared/config/routes";
import { operatorAndAdmin, signInContext, type FreshOperator } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { downloadedText } from "./support/downloads.ts";
import { checkScreen, SCREEN_SIZES } from "./support/layout-checks.ts";
import { callApi } from "./support/records.ts";
import { approvedNode, chainAs, stakeOnChain, type ApprovedNode } from "./support/staking-setup.ts";
import { useStack } from "./support/stack.ts";
import { TestWallet } from "./support/wallet.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "staking-admin");
const shoot = (page: Page, name: string) => checkScreen(page, SCREENSHOTS, name);
const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

type StatusCounts = { _id: { status: StakeRequestStatus }; count: number }[];

let operator: FreshOperator;
let operatorSession: string;
let adminSession: string;
let node: ApprovedNode;
let requestId: string;
let context: BrowserContext;
let page: Page;

const statusCounts = async () =>
  new Map(
    (await callApi<StatusCounts>(stack.current, API.stakeRequest.statusCount, adminSession)).map((item) => [
      item._id.status,
      item.count,
    ]),
  );
const requestStatus = async () =>
  (
    await callApi<{ status: StakeRequestStatus }>(
      stack.current,
      `${API.stakeRequest.byId}?requestId=${requestId}`,
      adminSession,
    )
  ).status;

beforeAll(async () => {
  ({ operator, operatorSession, adminSession } = await operatorAndAdmin(stack.current, "200000"));
  node = await approvedNode(stack.current, { operator: operatorSession, admin: adminSession }, operator.address);
  requestId = (
    await callApi<{ data: { _id: string } }>(stack.current, API.stakeRequest.root, operatorSession, {
      nodeId: node._id,
    })
  ).data._id;
  context = await browser.current.newContext({
    baseURL: stack.current.urls.web,
    viewport: SCREEN_SIZES[0].viewport,
    acceptDownloads: true,
  });
  await signInContext(context, adminSession);
  page = await context.newPage();
  await new TestWallet({ privateKey: DEV_KEYS.owner, rpcUrl: stack.current.urls.rpc }).install(page);
});

afterAll(async () => {
  await context?.close();
});

describe("the admin's side of staking: the request approved on the farm contract, the stake unlocked", () => {
  test("the admin finds the Pending request by counts and search, exports it, and approves it by signing whiteListPLIFarmNode", async () => {
    const before = await statusCounts();
    await page.goto(routes.adminListStakeRequest.href());
    await page.getByRole("heading", { name: "Request Lists", level: 1 }).waitFor();
    const cards = page.getByRole("list", { name: "Requests by status" });
    for (const [status, count] of before) await cards.getByRole("listitem", { name: `${status}: ${count}` }).waitFor();

    await page.getByRole("searchbox", { name: "Search by Email, Wallet or Node" }).fill(operator.email);
    await page.waitForURL((url) => url.searchParams.get("q") === operator.email);
    const row = page.getByRole("row").filter({ hasText: node.name });
    await row.getByText("Pending").waitFor();
    await expect.poll(() => page.getByRole("table", { name: "Requests" }).getByRole("row").count()).toBe(2);
    await shoot(page, "request-list");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = (await downloadedText(download)).trimEnd().split("\r\n");
    expect(csv[0]).toBe(
      "Date,Status,Email,Wallet Address,Node Name,Node Address,Stake Status,Total Stake (PLI),Last Updated At",
    );
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(
      `,Pending,${operator.email},${operator.address.toLowerCase()},${node.name},${node.nodeAddress.toLowerCase()},,,`,
    );

    await row.getByRole("link", { name: `Edit the request of ${node.name}` }).click();
    await waitForPath(page, routes.adminEditStakeRequest.path);
    await page.getByRole("heading", { name: "Edit Request", level: 1 }).waitFor();
    await page.getByText(operator.email).waitFor();
    const status = page.getByRole("combobox", { name: /^Status/ });
    expect(await status.locator("option").allTextContents()).toEqual([
      "Select Status",
      "Verified",
      "Approved",
      "Rejected",
    ]);
    const evidence = page.getByRole("region", { name: "Review Evidence" });
    await evidence.getByText("Meets minimum").first().waitFor();
    await page.getByRole("heading", { name: "Node Status History" }).waitFor();
    await shoot(page, "edit-request");

    await status.selectOption({ label: "Approved" });
    await page.getByRole("button", { name: "Update Status" }).click();
    await page.getByText("Status Updated Successfully").first().waitFor({ timeout: 60_000 });
    await waitForPath(page, routes.adminListStakeRequest.path);
    await page.getByRole("row").filter({ hasText: node.name }).getByText("Approved").waitFor();
    await cards
      .getByRole("listitem", { name: `Approved: ${before.get(STAKE_REQUEST_STATUS.approved)! + 1}` })
      .waitFor();
    expect(await requestStatus()).toBe(STAKE_REQUEST_STATUS.approved);
    const farm = chainAs(stack.current, DEV_KEYS.owner).chain;
    const whitelisted = await farm.readContract({
      address: stack.current.deployment.contracts.pluginFarm,
      abi: pluginFarmAbi,
      functionName: "whitelisted",
      args: [getAddress(operator.address), node.nodeAddress],
    });
    expect(whitelisted).toBe(true);

    await page.goto(routes.adminEditStakeRequest.href(requestId));
    await page.getByText(operator.email).waitFor();
    expect(
      await page
        .getByRole("combobox", { name: /^Status/ })
        .locator("option")
        .allTextContents(),
    ).toEqual(["Select Status", "Verified", "Rejected"]);
  });

  test("the admin finds the operator's stake, reads its history and unlocks it by signing unlock(wallet, node)", async () => {
    const { amount, transactionHash: stakeTx } = await stakeOnChain(stack.current, operator.key, node.nodeAddress);
    const staked = `${formatToken(amount)} PLI`;

    await page.goto(`${routes.adminListStake.href()}?q=${encodeURIComponent(operator.email)}`);
    await page.getByRole("heading", { name: "Stake Lists", level: 1 }).waitFor();
    const row = page.getByRole("row").filter({ hasText: node.name });
    await row.getByText("Staked").waitFor();
    await row.getByText(staked).waitFor();
    await shoot(page, "stake-list");

    await row.getByRole("button", { name: `Transaction History of ${node.name}` }).click();
    const history = page.getByRole("dialog", { name: "Transaction History" });
    const event = history.getByRole("row").filter({ has: page.getByRole("cell", { name: "Stake", exact: true }) });
    await event.getByText(staked).first().waitFor();
    expect(await event.getByText(staked).count(), "a first stake's amount is also the stake after it").toBe(2);
    expect(await event.getByRole("link", { name: `View Transaction ${stakeTx}` }).getAttribute("href")).toMatch(
      new RegExp(`${stakeTx}$`),
    );
    await shoot(page, "stake-history");
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "hidden" });

    await row.getByRole("button", { name: `Unlock the stake on ${node.name}` }).click();
    await page.getByText(MESSAGES.tokenUnlocked).first().waitFor({ timeout: 60_000 });
    await row.getByText("Unlocked").waitFor();
    expect(await row.getByRole("button", { name: `Unlock the stake on ${node.name}` }).count()).toBe(0);
    const [position] = (
      await callApi<{ docs: { status: string }[] }>(
        stack.current,
        `${API.stake.root}?q=${encodeURIComponent(operator.email)}`,
        adminSession,
      )
    ).docs;
    expect(position?.status).toBe(STAKE_STATUS.unlock);

    await row.getByRole("link", { name: `View the stake on ${node.name}` }).click();
    await waitForPath(page, routes.adminEditStake.path);
    await page.getByRole("heading", { name: "View Stake", level: 1 }).waitFor();
    const events = page.getByRole("table", { name: "Transaction History" }).getByRole("row");
    await events.filter({ hasText: "Unlock" }).waitFor();
    expect(await events.count()).toBe(3);
    await shoot(page, "view-stake");
  });

  test("a stake and a limit change the contract does not check are listed with their transactions on the stakes and requests screens and counted on the dashboard", async () => {
    const unrequested = await approvedNode(
      stack.current,
      { operator: operatorSession, admin: adminSession },
      operator.address,
    );
    const owner = chainAs(stack.current, DEV_KEYS.owner);
    const { stakingRewards } = stack.current.deployment.contracts;
    const minimum = await owner.chain.readContract({
      address: stakingRewards,
      abi: stakingRewardsAbi,
      functionName: "minStakeAmt",
    });
    const { multiplyOf } = await callApi<{ multiplyOf: string }>(stack.current, API.setting, adminSession);
    const amount = minimum + parseUnits(multiplyOf, 18) / 2n;
    const { transactionHash: stakeTx } = await stakeOnChain(
      stack.current,
      operator.key,
      unrequested.nodeAddress,
      amount,
    );
    const maximum = await owner.chain.readContract({
      address: stakingRewards,
      abi: stakingRewardsAbi,
      functionName: "maxStakeAmt",
    });
    const limitTx = (
      await owner.mined(
        await owner.wallet.writeContract({
          address: stakingRewards,
          abi: stakingRewardsAbi,
          functionName: "setMaxStakeAmt",
          args: [maximum],
          chain: null,
        }),
      )
    ).transactionHash;

    const listed = async (screen: string) => {
      const table = page.getByRole("table", { name: MESSAGES.uncheckedTitle });
      const rowOf = (kind: keyof typeof UNCHECKED_KIND_LABELS, tx: string) =>
        table
          .getByRole("row")
          .filter({ hasText: UNCHECKED_KIND_LABELS[kind] })
          .filter({ has: page.getByRole("link", { name: `View Transaction ${tx}` }) });
      await rowOf("noApprovedRequest", stakeTx).waitFor({ timeout: 15_000 });
      await rowOf("offMultiple", stakeTx)
        .getByText(`${formatTokenExact(amount)} PLI`, { exact: true })
        .waitFor();
      await rowOf("limitChangeOutsidePortal", limitTx).waitFor();
      await shoot(page, screen);
    };
    await page.goto(routes.adminListStake.href());
    await page.getByRole("heading", { name: "Stake Lists", level: 1 }).waitFor();
    await listed("stake-list-unchecked");
    await page.goto(routes.adminListStakeRequest.href());
    await page.getByRole("heading", { name: "Request Lists", level: 1 }).waitFor();
    await listed("request-list-unchecked");

    const counts = await callApi<{ counts: Record<keyof typeof UNCHECKED_KIND_LABELS, number> }>(
      stack.current,
      `${API.unchecked}?limit=1`,
      adminSession,
    );
    await page.goto(routes.adminDashboard.href());
    for (const kind of ["noApprovedRequest", "offMultiple", "limitChangeOutsidePortal"] as const) {
      expect(counts.counts[kind]).toBeGreaterThan(0);
      await page.getByRole("link", { name: `${UNCHECKED_KIND_LABELS[kind]} ${counts.counts[kind]}` }).waitFor();
    }
    await shoot(page, "dashboard-unchecked");
  });
});
