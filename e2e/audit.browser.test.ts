import { randomBytes } from "node:crypto";
import path from "node:path";
import Papa from "papaparse";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API, AUDIT_MESSAGES } from "@pli/api/public-contract";
import { routes } from "@/shared/config/routes";
import { adminToken, freshAdmin, signInContext } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { downloadedText } from "./support/downloads.ts";
import { checkScreen, SCREEN_SIZES } from "./support/layout-checks.ts";
import { callApi } from "./support/records.ts";
import { useStack } from "./support/stack.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "audit");
const shoot = (page: Page, name: string) => checkScreen(page, SCREENSHOTS, name);

/** Far from UTC, so a whole local day and a UTC day differ by half a day: the range must be the admin's days. */
const TIME_ZONE = "Pacific/Auckland";
const dayIn = (offsetDays: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(Date.now() + offsetDays * 86_400_000);
/** The same day as the pickers show and take it, in the spec's DD-MM-YYYY whatever the browser's locale. */
const typedDay = (offsetDays: number) => dayIn(offsetDays).split("-").reverse().join("-");

/** Types a day into a picker as a person does, then leaves the picker's calendar (Escape) to go on. */
async function typeDay(label: "From" | "To", offsetDays: number) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(typedDay(offsetDays));
  await field.press("Escape");
}

let admin: { email: string; password: string };
let session: string;
let invites: { _id: string; email: string }[];
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  admin = await freshAdmin(stack.current);
  session = await adminToken(stack.current, admin);
  const unique = randomBytes(4).toString("hex");
  invites = [];
  for (const name of ["first", "second"]) {
    const added = await callApi<{ data: { _id: string; email: string } }>(stack.current, API.invite.root, session, {
      email: `${name}-${unique}@audit.e2e.test`,
    });
    invites.push(added.data);
  }
  await callApi(stack.current, API.invite.delete, session, { id: invites[0]!._id });
  context = await browser.current.newContext({
    baseURL: stack.current.urls.web,
    viewport: SCREEN_SIZES[0].viewport,
    timezoneId: TIME_ZONE,
    acceptDownloads: true,
  });
  await signInContext(context, session);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
});

const table = () => page.getByRole("table", { name: "Audit records" });
const dataRows = () =>
  table()
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });

/**
 * Each row as the screen shows it: the action in words, the full record id, the changed keys. A row that a new answer
 * replaced while it was read is given up on within a second, for the poll to read the table again.
 */
const READ = { timeout: 1_000 };
const screenRows = async () =>
  Promise.all(
    (await dataRows().all()).map(async (row) => {
      const cells = row.getByRole("cell");
      return {
        action: (await cells.nth(2).textContent(READ))!.trim(),
        recordId: await cells.nth(3).locator("[data-value]").getAttribute("data-value", READ),
        admin: await cells.nth(1).locator("[data-value]").first().getAttribute("data-value", READ),
        change: (await cells.nth(4).getByRole("list", { name: "Changed keys" }).textContent(READ))!.trim(),
      };
    }),
  );

describe("the admin's Audit Log", () => {
  test("filters by admin, action and date range, keeps them in the URL, and shows each change", async () => {
    await page.goto(routes.adminDashboard.href());
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Audit Log" }).click();
    await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor();
    await page.getByRole("combobox", { name: "Admin", exact: true }).selectOption({ label: admin.email });
    await page.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "Invite added" });
    await typeDay("From", 0);
    await typeDay("To", 0);
    await page.waitForURL((url) => url.searchParams.get("to") === dayIn(0));

    await expect.poll(screenRows).toEqual([
      { action: "Invite added", recordId: invites[1]!._id, admin: admin.email, change: `email: ${invites[1]!.email}` },
      { action: "Invite added", recordId: invites[0]!._id, admin: admin.email, change: `email: ${invites[0]!.email}` },
    ]);
    await shoot(page, "invites-added");

    await page.reload();
    await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor();
    await expect
      .poll(async () => (await screenRows()).map((row) => row.recordId))
      .toEqual(invites.map((i) => i._id).reverse());
    expect(await page.getByRole("combobox", { name: "Action", exact: true }).inputValue()).toBe("invite.add");
    expect(await page.getByLabel("From", { exact: true }).inputValue()).toBe(typedDay(0));
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe(typedDay(0));

    await page.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "Invite removed" });
    await expect.poll(screenRows).toEqual([
      {
        action: "Invite removed",
        recordId: invites[0]!._id,
        admin: admin.email,
        change: `email: ${invites[0]!.email} (removed)`,
      },
    ]);
    await dataRows()
      .first()
      .getByRole("button", { name: /^Details of Invite removed/ })
      .click();
    const details = page.getByRole("dialog", { name: "Invite removed" });
    await details.getByText(`"email": "${invites[0]!.email}"`).waitFor();
    await details.getByText("invite.remove", { exact: false }).waitFor();
    await shoot(page, "details");
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });
  });

  test("a day with no record shows the empty state; a reversed range shows the API's error at To", async () => {
    await typeDay("From", -1);
    await typeDay("To", -1);
    await table().getByText("No Record Found.....").waitFor();

    await typeDay("From", 0);
    const to = page.getByLabel("To", { exact: true });
    await expect.poll(() => to.getAttribute("aria-invalid")).toBe("true");
    await page.getByText(AUDIT_MESSAGES.auditRangeReversed).waitFor();
    const describedBy = (await to.getAttribute("aria-describedby")) ?? "";
    expect(
      await page.locator(`[id="${describedBy.split(" ").find((id) => id.includes("error"))}"]`).textContent(),
    ).toBe(AUDIT_MESSAGES.auditRangeReversed);
    await shoot(page, "reversed-range");
  });

  test("Export CSV downloads the records of the same filters, matching the screen's rows", async () => {
    await page.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "All actions" });
    await typeDay("From", 0);
    await typeDay("To", 0);
    await expect.poll(async () => (await screenRows()).length).toBe(3);
    const shown = await screenRows();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("audit.csv");
    const csv = Papa.parse<Record<string, string>>(await downloadedText(file), {
      header: true,
      skipEmptyLines: true,
    });
    expect(csv.errors).toEqual([]);
    expect(
      csv.data.map((row) => ({
        action: row["Action"],
        recordId: row["Record Id"],
        admin: row["Admin Email"],
        before: row["Before"],
        after: row["After"],
      })),
    ).toEqual([
      {
        action: "invite.remove",
        recordId: invites[0]!._id,
        admin: admin.email,
        before: JSON.stringify({ email: invites[0]!.email }),
        after: "",
      },
      {
        action: "invite.add",
        recordId: invites[1]!._id,
        admin: admin.email,
        before: "",
        after: JSON.stringify({ email: invites[1]!.email }),
      },
      {
        action: "invite.add",
        recordId: invites[0]!._id,
        admin: admin.email,
        before: "",
        after: JSON.stringify({ email: invites[0]!.email }),
      },
    ]);
    expect(shown.map((row) => [row.action, row.recordId, row.admin])).toEqual([
      ["Invite removed", invites[0]!._id, admin.email],
      ["Invite added", invites[1]!._id, admin.email],
      ["Invite added", invites[0]!._id, admin.email],
    ]);
  });
});
