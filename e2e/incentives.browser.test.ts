import path from "node:path";
import type { BrowserContext, Download, Page } from "playwright-core";
import { parseUnits, type Hex } from "viem";
import { pluginTokenAbi, stakingRewardsAbi } from "@pli/abis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  accruedMonthOf,
  API,
  INCENTIVE_STATUS,
  monthText,
  type IncentiveResponse,
  type IncentiveSummary,
} from "@pli/api/public-contract";
import { createDb } from "@pli/api/db/database";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { formatDate } from "@pli/web/shared/format/dates";
import { abbreviatedToken, formatToken, formatTokenExact } from "@pli/web/shared/format";
import { incentiveMessages } from "@pli/web/features/incentive/messages";
import { ALL_DATES } from "@pli/web/shared/ui/export-range-labels";
import { routes } from "@/shared/config/routes";
import { freshOperator, operatorAndAdmin, signInContext, type FreshOperator } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { downloadedText } from "./support/downloads.ts";
import { checkScreen, SCREEN_SIZES, showInScheme } from "./support/layout-checks.ts";
import { mailbox } from "../test/smtp.ts";
import { callApi } from "./support/records.ts";
import {
  accrueStakeMonths,
  approvedNode,
  chainAs,
  incentiveRows,
  mintToOwner,
  stakeOnChain,
  type ApprovedNode,
} from "./support/staking-setup.ts";
import { useStack } from "./support/stack.ts";
import { TestWallet } from "./support/wallet.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "incentives");
/** The month an incentive dated `date` was earned for, as people write it: 'November 2026'. */
const earnedMonth = (date: string) =>
  new Date(`${monthText(accruedMonthOf(date))}-01T00:00:00Z`).toLocaleString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
/** Checks a screen with the pointer parked in the corner, so no hover state (a row, a tooltip) is measured. */
async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await checkScreen(page, SCREENSHOTS, name);
}
/** The months under which a dashboard's bar chart draws a bar, left to right: each bar hovered, its tooltip read. */
async function monthsWithBars(page: Page, title: string): Promise<string[]> {
  const chart = page.locator(".mantine-Paper-root").filter({ has: page.getByRole("heading", { name: title }) });
  await chart.locator(".recharts-bar-rectangle path").first().waitFor();
  const bars: { x: number; month: string }[] = [];
  for (const bar of await chart.locator(".recharts-bar-rectangle path").all()) {
    const box = await bar.boundingBox();
    if (!box || box.height === 0) continue;
    const label = chart.locator("[class*='tooltipLabel']:visible");
    await page.mouse.move(0, 0);
    await label.waitFor({ state: "hidden" });
    await bar.hover({ force: true });
    bars.push({ x: box.x, month: (await label.textContent()) ?? "" });
  }
  await page.mouse.move(0, 0);
  return [...new Set(bars.sort((a, b) => a.x - b.x).map((bar) => bar.month))];
}
/** An amount as a card or cell shows it: beyond any real balance (the layout sweep seeds one), abbreviated. */
const pli = (wei: bigint | string) => `${abbreviatedToken(BigInt(wei)) ?? formatToken(BigInt(wei))} PLI`;
const csvLines = async (download: Promise<Download>) => (await downloadedText(download)).trimEnd().split("\r\n");

let operator: FreshOperator;
let operatorSession: string;
let adminSession: string;
let node: ApprovedNode;
let stakeAmount: bigint;
let rows: IncentiveResponse[];
let payoutTx: Hex;
const contexts: BrowserContext[] = [];

const ownRows = () => incentiveRows(stack.current, operatorSession);
const summary = () => callApi<IncentiveSummary>(stack.current, API.incentive.summary, adminSession);

/** A signed-in page of `token` whose wallet extension signs with `key`. */
async function signedInPage(token: string, key: Hex, downloads = false): Promise<Page> {
  const context = await browser.current.newContext({
    baseURL: stack.current.urls.web,
    viewport: SCREEN_SIZES[0].viewport,
    acceptDownloads: downloads,
  });
  contexts.push(context);
  await signInContext(context, token);
  const page = await context.newPage();
  await new TestWallet({ privateKey: key, rpcUrl: stack.current.urls.rpc }).install(page);
  return page;
}

/** An UnPaid incentive of the operator's position, dated `date`, of `token` wei: made for `run`, removed after it. */
async function withIncentive(
  values: { date: string; token: bigint; days: number },
  run: (row: IncentiveResponse) => Promise<void>,
): Promise<void> {
  const db = createDb(stack.current.databaseUrl, 1);
  const { id } = await db
    .insertInto("app.incentive")
    .values({
      wallet: operator.address.toLowerCase(),
      node: node.nodeAddress.toLowerCase(),
      date: values.date,
      token: values.token,
      inactive_count: 0,
      staked_days: values.days,
      accrued_days: values.days,
      percentage: "2.5",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  try {
    await run((await ownRows()).find((candidate) => candidate._id === id)!);
  } finally {
    await db.deleteFrom("app.incentive").where("id", "=", id).execute();
    await db.destroy();
  }
}

/** The admin's incentive list of the operator, with `row` selected for Pay Now. */
async function selectOnAdminList(page: Page, row: IncentiveResponse) {
  await page.goto(`${routes.adminListIncentive.href()}?q=${operator.address.toLowerCase()}`);
  await page
    .getByRole("table", { name: "Incentive Lists" })
    .getByRole("checkbox", { name: incentiveMessages.selectRow(formatDate(row.date), row.walletAddress) })
    .check();
}

/**
 * The operator stakes on an approved node; the API's own accrual, run with a clock two months after
 * the stake's month, makes that month's and the next month's UnPaid rows of the position.
 */
beforeAll(async () => {
  ({ operator, operatorSession, adminSession } = await operatorAndAdmin(stack.current, "100000"));
  node = await approvedNode(stack.current, { operator: operatorSession, admin: adminSession }, operator.address);

  const { chain } = chainAs(stack.current, operator.key);
  const staked = await stakeOnChain(stack.current, operator.key, node.nodeAddress);
  stakeAmount = staked.amount;
  await accrueStakeMonths(stack.current, { chain, stakedAt: staked.stakedAt, months: 2, token: operatorSession });
  rows = await ownRows();
  await mintToOwner(stack.current, parseUnits("1000", 18));
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

describe("incentives: accrued by the API, paid in bulk by the admin's wallet, seen Paid by the operator", () => {
  test("the operator's position has two UnPaid monthly rows with a token", () => {
    expect(rows.map((row) => [row.status, row.type, row.nodeAddress])).toEqual([
      [INCENTIVE_STATUS.unPaid, "Monthly", node.nodeAddress.toLowerCase()],
      [INCENTIVE_STATUS.unPaid, "Monthly", node.nodeAddress.toLowerCase()],
    ]);
    for (const row of rows) expect(BigInt(row.token)).toBeGreaterThan(0n);
  });

  test("an UnPaid incentive's own page, from its row: the month earned for, how it accrued, and the payment date with a countdown", async () => {
    const page = await signedInPage(operatorSession, operator.key);
    const row = rows[0]!;
    const month = earnedMonth(row.date);
    await page.goto(`${routes.listIncentive.href()}?limit=10`);
    const view = page.getByRole("link", { name: incentiveMessages.viewOwnIncentive(month) });
    await view.waitFor();
    // The row's View on a laptop, the card's one action on a phone, a 44 px target there.
    await page.setViewportSize(SCREEN_SIZES[1].viewport);
    const cardView = page.getByRole("listitem").getByRole("link", { name: incentiveMessages.viewOwnIncentive(month) });
    expect((await cardView.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await cardView.click();
    await page.waitForURL((url) => url.pathname === "/incentive" && url.searchParams.get("id") === row._id);
    await page.setViewportSize(SCREEN_SIZES[0].viewport);
    await page.getByRole("heading", { name: `Incentive earned for ${month}` }).waitFor();
    const detail = (label: string) =>
      page
        .locator("div")
        .filter({ has: page.getByText(label, { exact: true }) })
        .last();
    expect(await detail("Staked days").textContent()).toContain(String(row.stakedDays));
    expect(await detail("Inactive days").textContent()).toContain(String(row.inactiveCount));
    expect(await detail("Percentage per month").textContent()).toContain(`${row.percentage}%`);
    const due = await detail("Payment due").textContent();
    expect(due).toContain(formatDate(row.paymentDue));
    expect(due).toMatch(/, in (a|an|\d+) (day|month|hour)s?$/);
    expect(await page.getByRole("link", { name: /^View Transaction/ }).count()).toBe(0);
    for (const scheme of ["light", "dark"] as const) {
      await showInScheme(page, scheme);
      await shoot(page, `incentive-page-unpaid-${scheme}`);
    }
  });

  test("the admin deposits PLI (approve, then depositReward) and pays the two rows in one payRewards, signed in the test wallet", async () => {
    const page = await signedInPage(adminSession, DEV_KEYS.owner, true);
    const before = await summary();
    await page.goto(`${routes.adminListIncentive.href()}?q=${operator.address.toLowerCase()}`);
    await page.getByRole("heading", { name: "Incentive Lists" }).waitFor();
    const balance = page.getByRole("group", { name: "Reward Balance" });
    await balance.getByText(pli(before.rewardBalance)).waitFor();
    await page.getByRole("group", { name: "UnPaid Incentives" }).getByText(pli(before.unPaid.token)).waitFor();

    await page.getByRole("button", { name: "Deposit PLI" }).click();
    const dialog = page.getByRole("dialog", { name: "Deposit PLI" });
    await dialog.getByLabel("Number of PLI to Deposit").fill("0");
    await dialog.getByRole("button", { name: "Deposit" }).click();
    await dialog.getByRole("alert").getByText("Value must be greater than 0").waitFor();
    await dialog.getByLabel("Number of PLI to Deposit").fill("1,5");
    await dialog.getByRole("button", { name: "Deposit" }).click();
    await dialog.getByRole("alert").getByText(incentiveMessages.amountNotNumber).waitFor();
    await dialog.getByLabel("Number of PLI to Deposit").fill("1000");
    await dialog.getByRole("button", { name: "Deposit" }).click();
    await page.getByText("Token Successfully Deposited on Defi Contract").first().waitFor({ timeout: 60_000 });
    const deposited = BigInt(before.rewardBalance) + parseUnits("1000", 18);
    await balance.getByText(pli(deposited)).waitFor();

    const table = page.getByRole("table", { name: "Incentive Lists" });
    await expect.poll(() => table.getByRole("row").count()).toBe(3);
    expect(await page.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
    const boxes = table.getByRole("checkbox", { name: /^Select the incentive of/ });
    expect(await boxes.count()).toBe(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const total = rows.reduce((sum, row) => sum + BigInt(row.token), 0n);
    await page.getByText("2 selected").waitFor();
    await page.getByRole("button", { name: "Pay Now" }).click();
    const summaryDialog = page.getByRole("dialog", { name: incentiveMessages.summaryTitle });
    expect(await summaryDialog.getByTestId("payout-total").textContent()).toBe(formatTokenExact(total));
    expect(await summaryDialog.getByTestId("payout-pool").textContent()).toBe(formatTokenExact(deposited));
    expect(await summaryDialog.getByTestId("payout-pool-after").textContent()).toBe(
      formatTokenExact(deposited - total),
    );
    await summaryDialog.getByText(incentiveMessages.summaryTransactionsValue(1)).waitFor();
    await summaryDialog.getByRole("button", { name: incentiveMessages.summaryContinue }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    await confirm.getByLabel("Type yes to confirm").fill("yes");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Token Sent Successfully").first().waitFor({ timeout: 60_000 });

    await expect
      .poll(async () => (await ownRows()).map((row) => row.status))
      .toEqual([INCENTIVE_STATUS.paid, INCENTIVE_STATUS.paid]);
    const paid = await ownRows();
    payoutTx = paid[0]!.tnxHash as Hex;
    expect(paid.map((row) => row.tnxHash)).toEqual([payoutTx, payoutTx]);
    await expect.poll(() => table.getByText("Paid", { exact: true }).count()).toBe(2);
    expect(await boxes.count()).toBe(0);
    expect(await page.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
    await balance.getByText(pli(deposited - total)).waitFor();
    await page
      .getByRole("group", { name: "Paid Incentives", exact: true })
      .getByText(pli(BigInt(before.paid.token) + total))
      .waitFor();
    const onChain = await chainAs(stack.current, DEV_KEYS.owner).chain.readContract({
      address: stack.current.deployment.contracts.stakingRewards,
      abi: stakingRewardsAbi,
      functionName: "rewardPool",
    });
    expect(onChain).toBe(deposited - total);
    await shoot(page, "admin-incentives");

    const csv = csvLines(page.waitForEvent("download"));
    await page.getByRole("button", { name: "Export CSV" }).click();
    const lines = await csv;
    expect(lines[0]).toBe("Wallet Address,Stake Id,Status,Token (PLI),Type,Txn Hash,Paid Date,Created At");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 6))).toEqual(
      paid.map(() => [
        operator.address.toLowerCase(),
        `${operator.address.toLowerCase()}-${node.nodeAddress.toLowerCase()}`,
        "Paid",
        expect.any(String),
        "Monthly",
        payoutTx,
      ]),
    );

    await table
      .getByRole("link", { name: `View the incentive of ${formatDate(paid[0]!.date)} on ${node.name}` })
      .click();
    await page.getByRole("heading", { name: "View Incentive", level: 1 }).waitFor();
    await page.getByRole("link", { name: `View Transaction ${payoutTx}` }).waitFor();
    expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(0);
    await shoot(page, "view-incentive");

    const dashboard = await callApi<{ incentiveListAll: { status: string; token: string }[] }>(
      stack.current,
      API.dashboard.admin,
      adminSession,
    );
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Dashboard" }).click();
    for (const [label, status] of [
      ["Paid", INCENTIVE_STATUS.paid],
      ["UnPaid", INCENTIVE_STATUS.unPaid],
    ] as const) {
      await page
        .getByRole("group", { name: label, exact: true })
        .getByText(pli(dashboard.incentiveListAll.find((item) => item.status === status)!.token))
        .waitFor();
    }
    await page.getByRole("link", { name: /^Requests/ }).waitFor();
    expect(await page.getByRole("link", { name: /^Requests/ }).getAttribute("href")).toBe(
      routes.adminListStakeRequest.href(),
    );
    // The admin dashboard writes dates as month, day and year (spec 9), with the time where a date has one: an
    // incentive's date is a day.
    const dateColumn = (name: string) =>
      page.getByRole("table", { name }).locator("tbody tr td:nth-child(2)").allTextContents();
    await expect.poll(async () => (await dateColumn("Recent Incentives")).length).toBeGreaterThan(0);
    for (const date of await dateColumn("Recent Incentives")) expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    for (const date of await dateColumn("Recent Transactions")) {
      expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
    }
    await shoot(page, "admin-dashboard");
  });

  test("the operator sees both rows Paid with the payout's link, exports every matching row, gets the payout mail, and sees the totals on the dashboard", async () => {
    const page = await signedInPage(operatorSession, operator.key, true);
    await page.goto(`${routes.listIncentive.href()}?limit=1`);
    await page.getByRole("heading", { name: "Incentive Lists" }).waitFor();
    await page.getByText("You have total 2 incentives.").waitFor();
    const table = page.getByRole("table", { name: "Incentive Lists" });
    await table.getByText("Paid", { exact: true }).waitFor();
    const link = table.getByRole("link", { name: `View Transaction ${payoutTx}` });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`${payoutTx}$`));
    await shoot(page, "operator-incentives");

    await page.goto(`${routes.listIncentive.href()}?limit=10`);
    await page.getByRole("link", { name: incentiveMessages.viewOwnIncentive(earnedMonth(rows[1]!.date)) }).click();
    await page.getByRole("heading", { name: `Incentive earned for ${earnedMonth(rows[1]!.date)}` }).waitFor();
    await page.getByText("Paid on", { exact: true }).waitFor();
    await page.getByRole("link", { name: `View Transaction ${payoutTx}` }).waitFor();
    expect(await page.getByText("Payment due", { exact: true }).count()).toBe(0);
    await shoot(page, "incentive-page-paid");
    await page.goto(`${routes.listIncentive.href()}?limit=1`);
    await page.getByText("You have total 2 incentives.").waitFor();

    const chips = page.getByRole("group", { name: "Incentives by status" });
    for (const name of ["Paid 2", "UnPaid 0", "Due for payment 0"])
      await chips.getByText(name, { exact: true }).waitFor();
    await chips.getByText("UnPaid 0", { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "UnPaid");
    await page.getByText("You have total 0 incentives.").waitFor();
    const unpaidOnly = csvLines(page.waitForEvent("download"));
    await page.getByRole("button", { name: "Export CSV" }).click();
    expect(await unpaidOnly).toHaveLength(1);
    await chips.getByText("UnPaid 0", { exact: true }).click();
    await page.getByText("You have total 2 incentives.").waitFor();

    const csv = csvLines(page.waitForEvent("download"));
    await page.getByRole("button", { name: "Export CSV" }).click();
    const lines = await csv;
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line).toContain(`,Paid,`);

    // The exports' range: last year's holds none of these rows (accrued this year); this year's tax report lists the
    // stake and both payments with their price and USD, under a name that says the range and the price feed.
    const year = new Date().getUTCFullYear();
    const taxReport = page.getByRole("button", { name: incentiveMessages.taxReport });
    expect(await taxReport.isDisabled()).toBe(true);
    const describedBy = await taxReport.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(incentiveMessages.taxReportNeedsRange);
    await taxReport.hover();
    await page.getByRole("tooltip", { name: incentiveMessages.taxReportNeedsRange }).waitFor();
    const downloads: string[] = [];
    page.on("download", (download) => downloads.push(download.suggestedFilename()));
    await taxReport.click({ force: true });
    await page.getByRole("button", { name: ALL_DATES }).click();
    await page.getByRole("button", { name: "Last year" }).click();
    await page.keyboard.press("Escape");
    const lastYearRange = page.getByRole("button", { name: `01-01-${year - 1} – 31-12-${year - 1}` });
    await lastYearRange.waitFor();
    const lastYear = csvLines(page.waitForEvent("download"));
    await page.getByRole("button", { name: "Export CSV" }).click();
    expect(await lastYear).toHaveLength(1);
    await lastYearRange.click();
    const thisYear = page.getByRole("button", { name: "This year" });
    await thisYear.click();
    await page.keyboard.press("Escape");
    await thisYear.waitFor({ state: "hidden" });
    await shoot(page, "operator-incentives-range");
    const report = page.waitForEvent("download");
    await taxReport.click();
    expect((await report).suggestedFilename()).toMatch(
      new RegExp(`^tax-report_${year}-01-01_${year}-12-31_feed-0x[0-9a-f]{40}\\.csv$`),
    );
    expect(downloads).toHaveLength(2);
    const reportLines = await csvLines(report);
    expect(reportLines[0]).toBe(
      "Date (UTC),Kind,Wallet Address,Node Name,Node Address,Token (PLI),PLI/USD,USD,Txn Hash",
    );
    const kinds = reportLines.slice(1).map((line) => line.split(",")[1]);
    expect(kinds).toEqual(["Stake", "Reward payment", "Reward payment"]);
    for (const line of reportLines.slice(1)) expect(line).toMatch(/,[\d.]+,\d+\.\d{2},0x[0-9a-f]{64}$/);

    const mail = await mailbox(stack.current.mailDir).textContaining(operator.email, payoutTx);
    expect(mail).toContain(node.nodeAddress.toLowerCase());

    const total = rows.reduce((sum, row) => sum + BigInt(row.token), 0n);
    await page.getByRole("navigation", { name: "Operator menu" }).getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("heading", { name: "Welcome" }).waitFor();
    await page.getByRole("group", { name: "Total stakes" }).getByText(pli(stakeAmount)).waitFor();
    await page.getByRole("group", { name: "Paid", exact: true }).getByText(pli(total)).waitFor();
    await page.getByRole("group", { name: "UnPaid", exact: true }).getByText(pli(0n)).waitFor();
    const recent = page.getByRole("table", { name: "Recent Incentives" });
    await expect.poll(() => recent.getByText("Paid", { exact: true }).count()).toBe(2);
    await shoot(page, "operator-dashboard");
    // Each row is dated the 1st of the month after the one it was earned in, and is drawn under the month earned.
    const earnedMonths = rows
      .map((row) => new Date(row.date))
      .map((date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)))
      .sort((a, b) => a.getTime() - b.getTime())
      .map((month) => month.toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" }));
    expect(await monthsWithBars(page, "Incentives per month")).toEqual(earnedMonths);
  });

  test("Pay Now is refused before anything is sent when the reward pool is smaller than the selection", async () => {
    const { chain } = chainAs(stack.current, DEV_KEYS.owner);
    const rewardPool = () =>
      chain.readContract({
        address: stack.current.deployment.contracts.stakingRewards,
        abi: stakingRewardsAbi,
        functionName: "rewardPool",
      });
    const pool = await rewardPool();
    await withIncentive({ date: "2099-01-01", token: pool + 1n, days: 31 }, async (row) => {
      const page = await signedInPage(adminSession, DEV_KEYS.owner);
      await selectOnAdminList(page, row);
      await page.getByText(`${incentiveMessages.selected(1)}, ${pli(pool + 1n)}`).waitFor();
      await page.getByRole("button", { name: "Pay Now" }).click();
      const summaryDialog = page.getByRole("dialog", { name: incentiveMessages.summaryTitle });
      const refusal = summaryDialog
        .getByRole("alert")
        .filter({ hasText: "Kindly check if you have sufficient PLI for rolling out Incentives! Try Again!!" });
      await refusal.getByText(incentiveMessages.shortBy("0.000000000000000001")).waitFor();
      expect(await summaryDialog.getByTestId("payout-total").textContent()).toBe(formatTokenExact(pool + 1n));
      expect(await summaryDialog.getByTestId("payout-pool").textContent()).toBe(formatTokenExact(pool));
      expect(await summaryDialog.getByTestId("payout-shortfall").textContent()).toBe("0.000000000000000001");
      expect(await summaryDialog.getByRole("button", { name: incentiveMessages.summaryContinue }).isDisabled()).toBe(
        true,
      );
      await shoot(page, "admin-pool-too-small");
      await refusal.getByRole("button", { name: incentiveMessages.depositDifference }).click();
      const deposit = page.getByRole("dialog", { name: "Deposit PLI" });
      expect(await deposit.getByLabel("Number of PLI to Deposit").inputValue()).toBe("0.000000000000000001");
      await deposit.getByRole("button", { name: "Cancel" }).click();
      expect(await page.getByRole("dialog", { name: "Are you sure?" }).count()).toBe(0);
      expect(await rewardPool()).toBe(pool);
      expect((await ownRows()).find((candidate) => candidate._id === row._id)?.status).toBe(INCENTIVE_STATUS.unPaid);
    });
  });

  test("Pay Now from a wallet that is not the reward contract's operator is stopped with the contract's reason before the wallet signs anything and gives its row back; a row another Pay Now holds is refused", async () => {
    const stranger = await freshOperator(stack.current);
    await withIncentive({ date: "2099-02-01", token: 1n, days: 28 }, async (row) => {
      const { _id: id } = row;
      const page = await signedInPage(adminSession, stranger.key);
      await selectOnAdminList(page, row);
      await page.getByRole("button", { name: "Pay Now" }).click();
      await page
        .getByRole("dialog", { name: incentiveMessages.summaryTitle })
        .getByRole("button", { name: incentiveMessages.summaryContinue })
        .click();
      const confirm = page.getByRole("dialog", { name: "Are you sure?" });
      await confirm.getByLabel("Type yes to confirm").fill("yes");
      await confirm.getByRole("button", { name: "Confirm" }).click();
      const failure = page.getByRole("dialog").getByRole("alert");
      await failure.getByText("Error Occured on Blockchain Transaction").waitFor({ timeout: 30_000 });
      await failure
        .getByText("The contract refused the transaction: Caller is not owner or operator")
        .waitFor({ timeout: 30_000 });
      await shoot(page, "admin-pay-refused-before-signing");
      const { chain } = chainAs(stack.current, stranger.key);
      expect(await chain.getTransactionCount({ address: stranger.address })).toBe(0);
      expect((await ownRows()).find((candidate) => candidate._id === id)?.status).toBe(INCENTIVE_STATUS.unPaid);

      await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
      const planAgain = () =>
        callApi(stack.current, API.incentive.payout, adminSession, { ids: [id] }).then(
          () => "planned",
          (error: unknown) => String(error),
        );
      await expect.poll(planAgain, { timeout: 10_000 }).toBe("planned");
      await page.getByRole("button", { name: "Pay Now" }).click();
      await page
        .getByRole("dialog", { name: incentiveMessages.summaryTitle })
        .getByRole("button", { name: incentiveMessages.summaryContinue })
        .click();
      await confirm.getByLabel("Type yes to confirm").fill("yes");
      await confirm.getByRole("button", { name: "Confirm" }).click();
      await page
        .getByRole("dialog")
        .getByText(
          "You are paying some of the selected incentives in another Pay Now (another window, or one whose transaction is not known to be mined yet): check its outcome first; its hold ends at most 10 minutes after its last batch",
        )
        .waitFor();
      await page.getByRole("dialog").getByText("The selected incentive is in another payout").waitFor();
      await shoot(page, "admin-pay-rows-in-flight");
      expect(await chain.getTransactionCount({ address: stranger.address })).toBe(0);
    });
  });

  test("an incentive not found leads back to the list; a payment the chain made for no incentive shows to admins under the discrepancies, never as a row's payment", async () => {
    const owner = chainAs(stack.current, DEV_KEYS.owner);
    const { stakingRewards, pliToken } = stack.current.deployment.contracts;
    const amount = parseUnits("1.00005", 18);
    await owner.mined(
      await owner.wallet.writeContract({
        address: pliToken,
        abi: pluginTokenAbi,
        functionName: "mint",
        args: [owner.wallet.account.address, amount],
        chain: null,
      }),
    );
    await owner.mined(
      await owner.wallet.writeContract({
        address: pliToken,
        abi: pluginTokenAbi,
        functionName: "approve",
        args: [stakingRewards, amount],
        chain: null,
      }),
    );
    await owner.mined(
      await owner.wallet.writeContract({
        address: stakingRewards,
        abi: stakingRewardsAbi,
        functionName: "depositReward",
        args: [amount],
        chain: null,
      }),
    );
    const { transactionHash } = await owner.mined(
      await owner.wallet.writeContract({
        address: stakingRewards,
        abi: stakingRewardsAbi,
        functionName: "payRewards",
        args: [[operator.address], [amount], [20990201n], [node.nodeAddress]],
        chain: null,
      }),
    );

    const page = await signedInPage(adminSession, DEV_KEYS.owner);
    await page.goto(routes.adminEditIncentive.href(crypto.randomUUID()));
    await page.getByRole("alert").filter({ hasText: "Incentive not found" }).waitFor();
    expect(await page.getByRole("button", { name: incentiveMessages.deleteIncentive }).count()).toBe(0);
    await page.getByRole("link", { name: "Back to Incentives" }).click();
    await page.waitForURL((url) => url.pathname === routes.adminListIncentive.path);
    await page.getByRole("heading", { name: "Incentive Lists" }).waitFor();

    await page.goto(`${routes.adminListIncentive.href()}?q=${operator.address.toLowerCase()}`);
    const discrepancies = page.getByRole("table", { name: incentiveMessages.discrepanciesTitle });
    const payment = discrepancies
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: `View Transaction ${transactionHash}` }) });
    await payment.waitFor();
    await payment.getByText("No such incentive").waitFor();
    // To the last decimal: four places (1.0001) would hide what the chain paid.
    await payment.getByText("1.00005 PLI", { exact: true }).waitFor();
    await shoot(page, "admin-discrepancies");
    expect((await ownRows()).map((row) => [row.status, row.tnxHash])).toEqual([
      [INCENTIVE_STATUS.paid, payoutTx],
      [INCENTIVE_STATUS.paid, payoutTx],
    ]);
  });

  test("Next Payment Date is the API's (date plus 30 days, '~' once past), not the browser's clock", async () => {
    const db = createDb(stack.current.databaseUrl, 1);
    const { id } = await db
      .insertInto("app.incentive")
      .values({
        wallet: operator.address.toLowerCase(),
        node: node.nodeAddress.toLowerCase(),
        date: "2020-01-01",
        token: 1n,
        inactive_count: 0,
        staked_days: 31,
        accrued_days: 31,
        percentage: "2.5",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      await expect.poll(async () => (await ownRows()).find((row) => row._id === id)?.nextPaymentDate).toBe("~");
      const page = await signedInPage(operatorSession, operator.key);
      await page.clock.setFixedTime(new Date("2019-12-15T12:00:00Z"));
      await page.goto(`${routes.listIncentive.href()}?limit=10`);
      const row = page
        .getByRole("table", { name: "Incentive Lists" })
        .getByRole("row")
        .filter({ hasText: "01-01-2020" });
      await row.getByText("~", { exact: true }).waitFor();
      expect(await row.getByText("31-01-2020").count(), "the browser's clock (December 2019) is not asked").toBe(0);
    } finally {
      await db.deleteFrom("app.incentive").where("id", "=", id).execute();
      await db.destroy();
    }
  });
});
