import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pluginTokenAbi, stakingRewardsAbi } from "@pli/abis";
import {
  accruedMonthOf,
  API,
  dateKeyOf,
  monthText,
  type Earnings,
  type IncentiveResponse,
} from "@pli/api/public-contract";
import { createDb } from "@pli/api/db/database";
import { formatDate } from "@pli/web/shared/format/dates";
import { formatToken } from "@pli/web/shared/format";
import { monthLabel } from "@pli/web/shared/format/chart";
import { dashboardMessages as m } from "@pli/web/features/dashboard/messages";
import { incentiveMessages } from "@pli/web/features/incentive/messages";
import { stakingMessages } from "@pli/web/features/stake/messages";
import { routes } from "@/shared/config/routes";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { freshAdmin, adminToken, freshOperator, operatorWith2fa, signInContext } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen, SCREEN_SIZES, showInScheme } from "./support/layout-checks.ts";
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

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "earnings");
const contexts: BrowserContext[] = [];

let operatorSession: string;
let node: ApprovedNode;
let stakeAmount: bigint;
let row: IncentiveResponse;
let wallet: `0x${string}`;

const earnings = () => callApi<Earnings>(stack.current, API.earnings.root, operatorSession);
const pli = (wei: bigint | string) => `${formatToken(BigInt(wei))} PLI`;
const longMonth = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

async function pageOf(token: string, viewport = SCREEN_SIZES[0].viewport): Promise<Page> {
  const context = await browser.current.newContext({ baseURL: stack.current.urls.web, viewport });
  contexts.push(context);
  await signInContext(context, token);
  return context.newPage();
}
/** The earnings chart labels each of its twelve months, as the API lists them. */
async function expectEveryMonthLabelled(section: Locator, figures: Earnings) {
  const ticks = section
    .getByRole("group", { name: m.earningsPerMonth })
    .locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
  await expect
    .poll(() => ticks.allTextContents())
    .toEqual(figures.total.months.map((month) => monthLabel(month.month)));
}
/** The drawn bars (boxes with a height) of one series of the earnings chart: 0 earned, 1 expected, 2 paid. */
async function barsOf(section: Locator, series: number) {
  const paths = section
    .getByRole("group", { name: m.earningsPerMonth })
    .locator(".recharts-bar")
    .nth(series)
    .locator("path.recharts-rectangle");
  const boxes = await Promise.all((await paths.all()).map((path) => path.boundingBox()));
  return boxes.filter((box) => box !== null && box.height > 0.5);
}
/**
 * Every chart of the page names its unit once, PLI on its value axis, and gives the figures there without it (where the
 * unit on each figure wrapped the largest amounts over two lines and crowded a phone's axis).
 */
async function expectPliValueAxes(page: Page, charts: number) {
  const wrappers = page.locator(".recharts-wrapper");
  await expect.poll(() => wrappers.count()).toBe(charts);
  for (const chart of await wrappers.all()) {
    await expect
      .poll(async () => (await chart.locator("svg text").allTextContents()).filter((text) => text.includes("PLI")))
      .toEqual(["PLI"]);
    const figures = await chart
      .locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")
      .allTextContents();
    expect(figures.length).toBeGreaterThan(1);
    for (const figure of figures) expect(figure).toMatch(/^[\d.,]+[KMBT]?$|^\d\.\d\d × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/);
  }
}
const earningsSection = (page: Page) =>
  page.locator(".mantine-Paper-root").filter({ has: page.getByRole("heading", { name: m.earningsTitle, level: 2 }) });

/** On a phone, the first card of a payment list shows its date labelled in the card itself, not behind Details. */
async function expectCardDate(page: Page, list: string, label: string, date: string) {
  await page.setViewportSize(SCREEN_SIZES[1].viewport);
  const card = earningsSection(page).getByRole("list", { name: list }).getByRole("listitem").first();
  const value = card.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]");
  expect(await value.textContent()).toContain(date);
  expect(await value.isVisible()).toBe(true);
  await page.setViewportSize(SCREEN_SIZES[0].viewport);
}

/**
 * An operator with a 50-character email stakes on an approved node; the API's accrual makes the stake's month, and
 * the node monitor (a row written to its table) marks today inactive.
 */
beforeAll(async () => {
  const operator = await freshOperator(stack.current, { pli: "100000", emailLength: 50 });
  wallet = operator.address;
  ({ token: operatorSession } = await operatorWith2fa(stack.current, operator));
  const admin = await adminToken(stack.current, await freshAdmin(stack.current));
  node = await approvedNode(stack.current, { operator: operatorSession, admin }, operator.address);
  const { chain } = chainAs(stack.current, operator.key);
  const staked = await stakeOnChain(stack.current, operator.key, node.nodeAddress);
  stakeAmount = staked.amount;
  await accrueStakeMonths(stack.current, { chain, stakedAt: staked.stakedAt, months: 1, token: operatorSession });
  row = (await incentiveRows(stack.current, operatorSession))[0]!;
  const db = createDb(stack.current.databaseUrl, 1);
  try {
    await db
      .insertInto("app.node_inactive_date")
      .values({ node_id: node._id, day: new Date().toISOString().slice(0, 10) })
      .execute();
  } finally {
    await db.destroy();
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

describe("what an operator earns, and when", () => {
  test("the dashboard shows stake, a labelled bar for every month, what waits with its payment date, the running month less its inactive day, and a yield pending until the chain pays", async () => {
    const page = await pageOf(operatorSession);
    await page.goto(routes.dashboard.href());
    const section = earningsSection(page);
    await section.getByRole("group", { name: m.earningsStake }).getByText(pli(stakeAmount)).waitFor();
    const figures = await earnings();

    expect(figures.total.months).toHaveLength(12);
    // On a month's last day the stake made today has no day in the running month but today, which the monitor marked
    // inactive: nothing is earned yet, and the section says so rather than drawing twelve empty months. The next
    // test's payment gives the chart a bar on any day.
    if (figures.total.months.every((month) => BigInt(month.earned) === 0n && BigInt(month.paid) === 0n))
      await section.getByText(m.earningsNone).waitFor();
    else await expectEveryMonthLabelled(section, figures);

    const waiting = section.getByRole("table", { name: m.earningsToBePaid });
    const due = figures.total.accrued[0]!.paymentDue;
    const waitingRow = waiting.getByRole("row").nth(1);
    expect(await waitingRow.textContent()).toContain(longMonth(figures.total.accrued[0]!.month));
    expect(await waitingRow.textContent()).toContain(pli(row.token));
    expect(await waitingRow.textContent()).toContain(formatDate(due));
    const countdown = waitingRow.getByTitle(formatDate(due));
    // Its payment is 30 days after the 1st of the month after the stake's: 31 to 61 days away, by today's date.
    expect(await countdown.textContent()).toMatch(/^in (\d+ days|a month|2 months)$/);
    await expectCardDate(page, m.earningsToBePaid, m.earningsPaymentDue, formatDate(due));
    await section
      .getByRole("group", { name: m.earningsAccrued })
      .getByText(`${m.earningsNextPayment} ${formatDate(figures.total.nextPayment)}`, { exact: false })
      .waitFor();

    const running = figures.total.running;
    expect(running.inactiveDays).toBe(1);
    expect(BigInt(running.deducted)).toBeGreaterThan(0n);
    await section.getByText(m.earningsDeducted(1)).first().waitFor();
    await section.getByText(pli(running.deducted)).first().waitFor();
    expect(figures.total.payments).toHaveLength(0);
    const yieldCard = section.getByRole("group", { name: m.earningsYield });
    await yieldCard.getByText("pending", { exact: true }).waitFor();
    expect(await yieldCard.textContent()).not.toContain("%");

    await page.mouse.move(0, 0);
    await checkScreen(page, SCREENSHOTS, "dashboard-light");
    await showInScheme(page, "dark");
    await checkScreen(page, SCREENSHOTS, "dashboard-dark");
  });

  test("a payment on the chain shows under the month it was earned for, with its date, and the yield comes from it", async () => {
    // The row pays from one day to a whole month of the stake, by the day of the month the test runs on.
    await mintToOwner(stack.current, BigInt(row.token));
    const owner = chainAs(stack.current, DEV_KEYS.owner);
    const { stakingRewards, pliToken } = stack.current.deployment.contracts;
    const amount = BigInt(row.token);
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
    await owner.mined(
      await owner.wallet.writeContract({
        address: stakingRewards,
        abi: stakingRewardsAbi,
        functionName: "payRewards",
        args: [[getAddress(wallet)], [amount], [BigInt(dateKeyOf(row.date))], [getAddress(node.nodeAddress)]],
        chain: null,
      }),
    );
    await expect.poll(async () => (await earnings()).total.payments.length, { timeout: 30_000 }).toBe(1);
    const figures = await earnings();

    const page = await pageOf(operatorSession);
    await page.goto(routes.dashboard.href());
    const section = earningsSection(page);
    const payments = section.getByRole("table", { name: m.earningsPayments });
    const paid = payments.getByRole("row").nth(1);
    await paid.waitFor();
    expect(await paid.textContent()).toContain(longMonth(figures.total.payments[0]!.month));
    expect(await paid.textContent()).toContain(pli(amount));
    expect(await paid.textContent()).toContain(formatDate(figures.total.payments[0]!.paidAt));
    await expectCardDate(page, m.earningsPayments, m.earningsPaidOn, formatDate(figures.total.payments[0]!.paidAt));
    await section.getByRole("group", { name: m.earningsPaidLastYear }).getByText(pli(amount)).waitFor();
    expect(figures.total.realisedYield).not.toBeNull();
    expect(Number(figures.total.realisedYield)).toBeGreaterThan(0);
    await section
      .getByRole("group", { name: m.earningsYield })
      .getByText(/^[1-9][\d,]*\.\d\d % a year$/)
      .waitFor();
    await section.getByText(m.earningsNothingAccrued).waitFor();
    await expectEveryMonthLabelled(section, figures);
    // The paid month's Paid bar stands on the axis, beside what the month earned or is expected to, not on top of it.
    await expect.poll(async () => (await barsOf(section, 2)).length).toBe(1);
    const [paidBar] = await barsOf(section, 2);
    const zero = await section
      .getByRole("group", { name: m.earningsPerMonth })
      .locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")
      .filter({ hasText: /^0$/ })
      .boundingBox();
    expect(Math.abs(paidBar!.y + paidBar!.height - (zero!.y + zero!.height / 2))).toBeLessThan(2);
    for (const bar of [...(await barsOf(section, 0)), ...(await barsOf(section, 1))])
      expect(Math.abs(bar!.y + bar!.height - (paidBar!.y + paidBar!.height))).toBeLessThan(1);
    await expectPliValueAxes(page, 3);
    await page.setViewportSize(SCREEN_SIZES[1].viewport);
    await expectPliValueAxes(page, 3);
  });

  test("each incentive says which month it was earned for: in the list's row and in the phone card's title", async () => {
    const earned = longMonth(monthText(accruedMonthOf(row.date)));
    const page = await pageOf(operatorSession);
    await page.goto(routes.listIncentive.href());
    await page.getByText(incentiveMessages.earnedFor(earned)).first().waitFor();
    await page
      .getByText(`${formatDate(row.date)} (${earned})`)
      .first()
      .waitFor();
    for (const scheme of ["light", "dark"] as const) {
      await showInScheme(page, scheme);
      await page.setViewportSize(SCREEN_SIZES[1].viewport);
      await page
        .getByRole("listitem", { name: new RegExp(incentiveMessages.earnedFor(earned)) })
        .first()
        .waitFor();
      await page.setViewportSize(SCREEN_SIZES[0].viewport);
      await checkScreen(page, SCREENSHOTS, `incentives-${scheme}`);
    }
  });

  test("a stake request waiting for review says how long ago it was sent, the time on hover, and what comes next", async () => {
    const admin = await adminToken(stack.current, await freshAdmin(stack.current));
    const second = await approvedNode(stack.current, { operator: operatorSession, admin }, wallet);
    await callApi(stack.current, API.stakeRequest.root, operatorSession, { nodeId: second._id });
    const page = await pageOf(operatorSession);
    await page.goto(routes.deposit.href(second._id));
    await page.getByText(stakingMessages.requestNext, { exact: false }).waitFor();
    const age = page.getByText(/^(a few seconds|a minute|\d+ seconds?) ago$/);
    expect(await age.getAttribute("title")).toMatch(/^\d\d-\d\d-\d{4} \d{1,2}:\d\d:\d\d [ap]m$/);
    for (const scheme of ["light", "dark"] as const) {
      await showInScheme(page, scheme);
      await checkScreen(page, SCREENSHOTS, `request-waiting-${scheme}`);
    }
  });

  test("an empty account: nothing earned yet, no yield, no payment to come", async () => {
    const empty = await freshOperator(stack.current, { emailLength: 50 });
    const { token } = await operatorWith2fa(stack.current, empty);
    const page = await pageOf(token);
    await page.goto(routes.dashboard.href());
    const section = earningsSection(page);
    await section.getByText(m.earningsNone).waitFor();
    await section.getByRole("group", { name: m.earningsStake }).getByText(pli(0n)).waitFor();
    await section.getByRole("group", { name: m.earningsYield }).getByText(m.earningsNoYield).waitFor();
    await section
      .getByRole("group", { name: m.earningsAccrued })
      .getByText("nothing to be paid: no incentive accrued and nothing earned this month")
      .waitFor();
    expect(await section.getByText(m.earningsNextPayment, { exact: false }).count()).toBe(0);
    for (const scheme of ["light", "dark"] as const) {
      await showInScheme(page, scheme);
      await checkScreen(page, SCREENSHOTS, `empty-${scheme}`);
    }
  });
});
