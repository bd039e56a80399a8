import { randomInt } from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { USER_ROLE } from "@pli/api/public-contract/domain";
import { API, MESSAGES, type JobResponse } from "@pli/api/public-contract";
import { jobMessages } from "@pli/web/features/job/messages";
import { routes } from "@/shared/config/routes";
import { adminToken, freshAdmin, freshOperator, operatorWith2fa, type FreshOperator } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import {
  checkScreen,
  COLOR_SCHEMES,
  KEEP_SCREENSHOTS,
  SCREEN_SIZES,
  showInScheme,
  twoFrames,
} from "./support/layout-checks.ts";
import { activeNode, callApi, randomAddress } from "./support/records.ts";
import { operatorAndAdminPages, signedInPage, type OperatorAndAdminPages } from "./support/signed-in-pages.ts";
import { useStack } from "./support/stack.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "jobs");

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

const api = <T>(pathname: string, token: string, body?: unknown): Promise<T> =>
  callApi<T>(stack.current, pathname, token, body);

const shoot = (page: Page, name: string) => checkScreen(page, SCREENSHOTS, name);

/** The admin's Edit Job page of the job, opened from the admin's job list searched by the operator's email. */
async function openAdminEdit(): Promise<Page> {
  const page = adminPage;
  await page.goto(routes.adminListJob.href());
  await page.getByRole("searchbox", { name: "Search by status" }).fill(operator.email);
  await page.waitForURL((url) => url.searchParams.get("q") === operator.email);
  await page.getByRole("button", { name: `Edit ${job.name}` }).click();
  await waitForPath(page, routes.adminEditJob.path);
  return page;
}

/** Checks the typed-confirmation dialog's text, then types the confirmation word and confirms. */
async function confirmYes(page: Page, text: string) {
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await dialog.getByText(text).waitFor();
  await dialog.getByLabel("Type yes to confirm").fill("yes");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await dialog.waitFor({ state: "hidden" });
}

let operator: FreshOperator;
let operatorSession: string;
let adminSession: string;
let nodeId: string;
let pages: OperatorAndAdminPages;
let operatorPage: Page;
let adminPage: Page;
const oracles = [randomAddress(), randomAddress()];
const job = {
  name: `PLI/XDC price ${randomInt(1e6)}`,
  jobIds: ["a1b2c3d4e5f60718293a4b5c6d7e8f90", "0f9e8d7c6b5a49382716f5e4d3c2b1a0"],
};
const other = `Weather ${randomInt(1e6)}`;

const nodeJobs = async () =>
  (await api<{ docs: JobResponse[] }>(`${API.job.byNode}?page=1&limit=100`, operatorSession, { id: nodeId })).docs;

beforeAll(async () => {
  operator = await freshOperator(stack.current);
  operatorSession = (await operatorWith2fa(stack.current, operator)).token;
  adminSession = await adminToken(stack.current, await freshAdmin(stack.current));
  nodeId = await activeNode(stack.current, operatorSession);
  pages = await operatorAndAdminPages(browser.current, stack.current, {
    operator: { token: operatorSession, key: operator.key },
    admin: adminSession,
  });
  operatorPage = pages.operator.page;
  adminPage = pages.admin.page;
});

afterAll(async () => {
  await pages?.close();
});

describe("oracle jobs from submission to review", () => {
  test("the operator adds a job: a bad oracle address line first, then typed confirmation and 'Job Added Successfully'", async () => {
    const page = operatorPage;
    await page.goto(routes.listJob.path);
    await waitForPath(page, routes.listNode.path);

    await page.goto(routes.listJob.href(nodeId));
    await page.getByRole("heading", { name: "Manage Jobs", level: 1 }).waitFor();
    await page.getByText("No Record Found.....").waitFor();
    expect(await page.getByRole("form", { name: jobMessages.addJob }).isVisible()).toBe(false);
    await page.getByRole("button", { name: jobMessages.showForm }).click();
    const form = page.getByRole("form", { name: jobMessages.addJob });
    await form.waitFor();

    await form.getByLabel("Job Name").fill(job.name);
    await form.getByRole("combobox", { name: /^Job Category/ }).selectOption({ label: "Price Feed" });
    await form.getByRole("combobox", { name: /^Network/ }).selectOption("XDC Apothem");
    await form.getByLabel("Index Pair").fill("PLI/XDC");
    await form.getByLabel("Cost (PLI)").fill("0.1");
    await form.getByLabel("Oracle Address").fill(`0xnot-an-address\n${oracles[1]}`);
    await form.getByLabel("Job ID").fill(job.jobIds.join("\n"));
    await form
      .getByLabel("Job Source")
      .fill("https://api.example.com/pli-xdc\nhttps://feed.example.org/price?pair=PLI-XDC");
    await form.getByLabel("Poll Timer (seconds)").fill("60");
    await form.getByLabel("Minimum Oracle").fill("1");
    await form.getByRole("button", { name: jobMessages.submitJob }).click();
    await form.getByRole("alert").filter({ hasText: "Line 1: not an address" }).waitFor();
    await page.getByText("Check all the fields").first().waitFor();
    await shoot(page, "add-job-line-error");

    await form.getByLabel("Oracle Address").fill(`xdc${oracles[0]!.slice(2)}\n${oracles[1]}`);
    await form.getByRole("button", { name: jobMessages.submitJob }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.getByLabel("Type yes to confirm").fill("no");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByText("Incorrect Value").waitFor();
    await confirmYes(page, "To submit the Job type yes and confirm");
    await page.getByText("Job Added Successfully").first().waitFor();
    expect(await form.getByLabel("Job Name").inputValue()).toBe("");
    expect(await form.getByRole("combobox", { name: /^Network/ }).inputValue()).toBe("");
    await page.getByRole("row").filter({ hasText: "0.1 PLI" }).getByText("Pending").waitFor();

    const [saved] = await nodeJobs();
    expect(saved).toMatchObject({
      name: job.name,
      status: "Pending",
      oracleAddress: oracles.map((a) => a.toLowerCase()).join("\n"),
      polltimer: 60,
      jobChange: false,
    });
  });

  test("the operator views the values one per row, searches by status, and edits an allowed field", async () => {
    const page = operatorPage;
    const row = page.getByRole("row").filter({ hasText: "0.1 PLI" });
    await row.getByRole("button", { name: "View Oracle Address" }).click();
    const modal = page.getByRole("dialog", { name: "Oracle Address" });
    for (const oracle of oracles) await modal.getByRole("cell", { name: oracle.toLowerCase() }).waitFor();
    expect(await modal.getByRole("row").count()).toBe(3);
    await shoot(page, "view-oracle-addresses");
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });

    await page.getByRole("searchbox", { name: "Search by status" }).fill("Approved");
    await page.waitForURL(
      (url) =>
        url.searchParams.get("q") === "Approved" &&
        url.searchParams.get("page") === "1" &&
        url.searchParams.get("limit") === "5" &&
        url.searchParams.get("id") === nodeId,
    );
    await page.getByText("No Record Found.....").waitFor();
    await page.getByRole("searchbox", { name: "Search by status" }).fill("Pending");
    await page.waitForURL((url) => url.searchParams.get("q") === "Pending");
    await row.waitFor();
    await shoot(page, "list");

    await row.getByRole("button", { name: `View ${job.name}` }).click();
    await page.waitForURL((url) => url.pathname === routes.editJob.path && url.searchParams.get("id") === nodeId);
    await page.getByRole("heading", { name: "View Jobs", level: 1 }).waitFor();
    for (const locked of [
      "Job Name",
      "Description",
      "Oracle Address",
      "Job ID",
      "Index Pair",
      "Cost (PLI)",
      "Job Source",
      "Job Provider",
      "Contract Address",
    ]) {
      expect(await page.getByLabel(locked).isDisabled(), locked).toBe(true);
    }
    expect(await page.getByRole("combobox", { name: /^Job Category/ }).isDisabled()).toBe(true);
    expect(await page.getByRole("combobox", { name: /^Network/ }).isDisabled()).toBe(true);
    for (const open of [
      "Poll Timer (seconds)",
      "Minimum Oracle",
      "EAC Address",
      "Access Address",
      "Minimum Deviation (%)",
    ]) {
      expect(await page.getByLabel(open).isDisabled(), open).toBe(false);
    }
    await page.getByLabel("Poll Timer (seconds)").fill("120");
    await page.getByLabel("Minimum Deviation (%)").fill("0.5");
    await shoot(page, "view-job");
    await page.getByRole("button", { name: jobMessages.updateJob }).click();
    await confirmYes(page, "To submit the Job type yes and confirm");
    await page.getByText("Job Edited Successfully").first().waitFor();
    await page.waitForURL((url) => url.pathname === routes.listJob.path && url.searchParams.get("id") === nodeId);
    expect((await nodeJobs())[0]).toMatchObject({ polltimer: 120, deviation: "0.5", jobChange: true, name: job.name });
  });

  test("the admin approves it through the quick update, edits it, and deletes another job", async () => {
    const categories = await api<{ docs: { _id: string; categoryName: string }[] }>(
      API.jobCategory.root,
      operatorSession,
    );
    await api(API.job.root, operatorSession, {
      nodeSettingID: nodeId,
      jobCategoryID: categories.docs.find((c) => c.categoryName === "Weather")!._id,
      name: other,
      oracleAddress: randomAddress(),
      jobID: "weather-1",
      cost: "2",
      jobSource: "https://weather.example.com/today",
      network: "XDC Mainnet",
    });

    const page = adminPage;
    await page.goto(routes.adminListJob.href());
    await page.getByRole("heading", { name: "Job Requests", level: 1 }).waitFor();
    await page.getByRole("searchbox", { name: "Search by status" }).fill(operator.email);
    await page.waitForURL((url) => url.searchParams.get("q") === operator.email);
    const row = page.getByRole("row").filter({ hasText: job.name });
    await row.getByText(operator.email).waitFor();
    await page.getByRole("row").filter({ hasText: other }).waitFor();
    await shoot(page, "admin-list");

    // The quick update says what it does, and the red Delete stands after a divider, apart from Edit.
    const quick = row.getByRole("button", { name: `Update status of ${job.name}` });
    expect(await quick.textContent()).toBe("Update status");
    await quick.hover();
    await page
      .getByRole("tooltip")
      .getByText("Approve or reject this job, with notes, without leaving the list")
      .waitFor();
    const [edit, divider, remove] = await Promise.all(
      [
        row.getByRole("button", { name: `Edit ${job.name}` }),
        row.getByRole("separator"),
        row.getByRole("button", { name: `Delete ${job.name}` }),
      ].map((locator) => locator.boundingBox()),
    );
    expect(edit!.x + edit!.width).toBeLessThanOrEqual(divider!.x);
    expect(divider!.x + divider!.width).toBeLessThanOrEqual(remove!.x);

    await quick.click();
    const update = page.getByRole("dialog", { name: jobMessages.quickUpdateTitle });
    await update.getByRole("radio", { name: "Approved" }).check();
    await update.getByLabel("Admin Notes").fill("Feeds checked");
    await shoot(page, "admin-quick-update");
    await update.getByRole("button", { name: jobMessages.updateStatus }).click();
    await confirmYes(page, "To Update the Job Status type yes and confirm");
    await page.getByText("Status Updated Successfully").first().waitFor();
    await row.getByText("Approved").waitFor();
    await row.getByText("Feeds checked").waitFor();

    await row.getByRole("button", { name: `Edit ${job.name}` }).click();
    await waitForPath(page, routes.adminEditJob.path);
    await page.getByRole("heading", { name: "Edit Job", level: 1 }).waitFor();
    expect(await page.getByLabel("Job Name").inputValue()).toBe(job.name);
    expect(await page.getByRole("combobox", { name: /^Status/ }).inputValue()).toBe("Approved");
    await page.getByRole("combobox", { name: /^Job Status/ }).selectOption("Active");
    await page.getByLabel("Cost (PLI)").fill("0.25");
    const evidence = page.getByRole("region", { name: "Review Evidence" });
    const history = evidence.getByRole("list", { name: "Job history" });
    const reviewedStep = history.getByRole("listitem").filter({ hasText: "Reviewed by an admin" });
    await reviewedStep.getByText("Feeds checked").waitFor();
    expect(await reviewedStep.textContent()).toMatch(/Pending.*Approved/);
    await history.getByRole("listitem").filter({ hasText: "Submitted by the operator" }).waitFor();
    await evidence
      .getByRole("list", { name: "The operator's other jobs" })
      .getByText(other, { exact: false })
      .waitFor();
    await evidence
      .getByText("Not checked today")
      .or(evidence.getByText(/^Answered \d+ of \d+ checks today$/))
      .waitFor();
    await showInScheme(page, "dark");
    await shoot(page, "admin-edit-job-dark");
    await showInScheme(page, "light");
    await shoot(page, "admin-edit-job");
    await page.getByRole("button", { name: jobMessages.updateJob }).click();
    await confirmYes(page, "To Update the Job Status type yes and confirm");
    await page.getByText("Job Edited Successfully").first().waitFor();
    await waitForPath(page, routes.adminListJob.path);
    await page.getByRole("row").filter({ hasText: job.name }).getByText("0.25 PLI").waitFor();

    // On a phone each card has one action (Update status) and the rest in a menu, Delete last; its confirm is red.
    await page.setViewportSize(SCREEN_SIZES[1].viewport);
    const card = page.getByRole("listitem").filter({ hasText: other });
    const more = card.getByRole("button", { name: `More actions for ${other}` });
    expect(await card.getByRole("button", { name: `Delete ${other}` }).isVisible()).toBe(false);
    expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await card.getByRole("button", { name: `${jobMessages.quickUpdate} of ${other}` }).waitFor();
    await more.click();
    const menu = card.getByRole("menu", { name: `More actions for ${other}` });
    await menu.getByRole("button", { name: `Edit ${other}` }).waitFor();
    const deleteItem = menu.getByRole("button", { name: `Delete ${other}` });
    expect((await deleteItem.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, "phone-admin-card-menu.png") });
    await deleteItem.click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Confirm" });
    expect(await confirm.evaluate((button) => getComputedStyle(button).backgroundColor)).toMatch(
      /^rgb\((2[0-5]\d|1[5-9]\d), \d{1,2}, \d{1,2}\)$/,
    );
    await confirmYes(page, jobMessages.confirmDelete(other));
    await page.setViewportSize(SCREEN_SIZES[0].viewport);
    await page.getByText("Job Deleted Successfully").first().waitFor();
    await page.getByRole("row").filter({ hasText: other }).waitFor({ state: "detached" });

    const jobs = await nodeJobs();
    expect(jobs.map((j) => j.name)).toEqual([job.name]);
    expect(jobs[0]).toMatchObject({
      status: "Approved",
      jobStatus: "Active",
      cost: "0.25",
      adminNotes: "Feeds checked",
    });
  });

  test("the operator sees the review on the node's jobs", async () => {
    const page = operatorPage;
    await page.goto(routes.listJob.href(nodeId));
    const row = page.getByRole("row").filter({ hasText: "0.25 PLI" });
    await row.getByText("Approved").waitFor();
    await row.getByText("Feeds checked").waitFor();

    const { counts } = await api<{ counts: { status: string; count: number }[] }>(
      `${API.job.statusCounts}?nodeId=${nodeId}`,
      operatorSession,
    );
    const chips = page.getByRole("group", { name: "Jobs by status" });
    for (const { status, count } of counts) await chips.getByText(`${status} ${count}`, { exact: true }).waitFor();
    const approved = counts.find((item) => item.status === "Approved")!.count;
    expect(approved).toBeGreaterThan(0);
    await chips.getByText(`Approved ${approved}`, { exact: true }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("status") === "Approved" && url.searchParams.get("id") === nodeId,
    );
    await expect.poll(() => page.getByRole("row").filter({ hasText: "Pending" }).count()).toBe(0);
    await row.waitFor();
    for (const scheme of COLOR_SCHEMES) {
      await showInScheme(page, scheme);
      await shoot(page, `status-chips-${scheme}`);
    }
    await chips.getByText(`Approved ${approved}`, { exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has("status"));
  });

  test("the admin sets the job's Job Status to InActive and is told 'Job Deactivated Successfully'", async () => {
    const page = await openAdminEdit();
    await page.getByRole("combobox", { name: /^Job Status/ }).selectOption("InActive");
    await page.getByRole("button", { name: jobMessages.updateJob }).click();
    await confirmYes(page, "To Update the Job Status type yes and confirm");
    await page.getByText("Job Deactivated Successfully").first().waitFor();
    await waitForPath(page, routes.adminListJob.path);
    expect((await nodeJobs())[0]).toMatchObject({ name: job.name, jobStatus: "InActive" });
  });

  test("an admin's edit of a job its operator changed since the page opened is refused, and the operator's change stands", async () => {
    const page = await openAdminEdit();
    await page.getByLabel("Cost (PLI)").waitFor();
    const { _id } = (await nodeJobs())[0]!;
    await api(API.job.edit, operatorSession, { _id, polltimer: 77 });
    await page.getByLabel("Cost (PLI)").fill("0.75");
    await page.getByRole("button", { name: jobMessages.updateJob }).click();
    await confirmYes(page, "To Update the Job Status type yes and confirm");
    await page
      .getByText(
        "This job was changed since you opened it (by its operator or another admin): open it again from the list to see the changes",
      )
      .first()
      .waitFor();
    await shoot(page, "admin-edit-job-stale");
    expect((await nodeJobs())[0]).toMatchObject({ polltimer: 77, cost: "0.25" });
  });
});

describe("job categories", () => {
  test("the admin adds a category (a duplicate is refused), renames it and removes it; a category in use cannot be removed", async () => {
    const page = adminPage;
    const name = `Gas Price ${Date.now()}`;
    await page.goto(routes.adminListJob.href());
    const section = page.getByRole("form", { name: jobMessages.addCategory });
    await section.getByLabel("Category name").fill(name);
    await section.getByRole("button", { name: jobMessages.addCategory }).click();
    await page.getByText(MESSAGES.categoryAdded).first().waitFor();
    await page.getByRole("row").filter({ hasText: name }).waitFor();
    await section.getByLabel("Category name").fill(name.toUpperCase());
    await section.getByRole("button", { name: jobMessages.addCategory }).click();
    await section.getByText(MESSAGES.categoryExists).waitFor();

    await page.getByRole("button", { name: `Rename ${name}` }).click();
    const renamed = `${name} v2`;
    await page.getByLabel("New category name").fill(renamed);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(MESSAGES.categoryRenamed).first().waitFor();
    await page.getByRole("row").filter({ hasText: renamed }).waitFor();
    await shoot(page, "admin-categories");

    await page.getByRole("button", { name: `Remove ${renamed}` }).click();
    await confirmYes(page, jobMessages.confirmRemoveCategory(renamed));
    await page.getByText(MESSAGES.categoryRemoved).first().waitFor();
    await page.getByRole("row").filter({ hasText: renamed }).waitFor({ state: "detached" });

    const categories = await api<{ docs: { categoryName: string; jobCount: number }[] }>(
      API.jobCategory.root,
      adminSession,
    );
    const inUse = categories.docs.find((category) => category.jobCount > 0)!;
    const removeInUse = page.getByRole("button", { name: `Remove ${inUse.categoryName}` });
    expect(await removeInUse.isDisabled()).toBe(true);
    const describedBy = await removeInUse.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(MESSAGES.categoryInUse);
    await page.getByRole("button", { name: `Rename ${inUse.categoryName}` }).focus();
    await page.keyboard.press("Tab");
    await page.getByRole("tooltip", { name: MESSAGES.categoryInUse }).waitFor();
    await removeInUse.click({ force: true });
    await twoFrames(page);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });
});

describe("only Validator operators work on jobs", () => {
  test("a Standby operator gets the OK-only 'Only Validator Nodes' dialog, whose OK goes to the node list", async () => {
    const standby = await freshOperator(stack.current, { role: USER_ROLE.standby });
    const { context, page } = await signedInPage(
      browser.current,
      stack.current,
      (await operatorWith2fa(stack.current, standby)).token,
      standby.key,
    );
    try {
      await page.goto(routes.listJob.href(nodeId));
      const dialog = page.getByRole("dialog", { name: "Only Validator Nodes" });
      await dialog.getByText("Only Validator Nodes are allowed to submit the jobs").waitFor();
      expect(await dialog.getByRole("button", { name: /close/i }).count()).toBe(0);
      await page.keyboard.press("Escape");
      await page.waitForTimeout(300);
      expect(await dialog.isVisible()).toBe(true);
      await shoot(page, "standby-dialog");
      await dialog.getByRole("button", { name: "OK" }).click();
      await waitForPath(page, routes.listNode.path);
    } finally {
      await context.close();
    }
  });
});
