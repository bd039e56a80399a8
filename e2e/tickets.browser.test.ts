import { createHmac, randomInt } from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API, MESSAGES, TICKET_STATUS } from "@pli/api/public-contract";
import { createDb } from "@pli/api/db/database";
import { routes } from "@/shared/config/routes";
import { adminToken, freshAdmin, freshOperator, operatorWith2fa, type FreshOperator } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";
import { checkScreen } from "./support/layout-checks.ts";
import { mailbox } from "../test/smtp.ts";
import { activeNode, callApi, slowAnswers } from "./support/records.ts";
import { operatorAndAdminPages, type OperatorAndAdminPages } from "./support/signed-in-pages.ts";
import { useStack } from "./support/stack.ts";
import { startWebhookReceiver } from "../test/webhook-receiver.ts";

const stack = useStack();
const browser = useBrowser();
const SCREENSHOTS = path.join(import.meta.dirname, "artifacts", "screenshots", "tickets");
const shoot = (page: Page, name: string) => checkScreen(page, SCREENSHOTS, name);

const api = <T>(pathname: string, token: string, body?: unknown): Promise<T> =>
  callApi<T>(stack.current, pathname, token, body);

let operator: FreshOperator;
let operatorSession: string;
let pages: OperatorAndAdminPages;
let operatorPage: Page;
let adminPage: Page;
let ticketUrl: string;
let adminEmail: string;
const nodeName = `Ticket node ${randomInt(1e6)}`;
const subject = `Node stops answering ${randomInt(1e6)}`;
const question = "My node stops answering the monitor every night around 02:00 UTC.\nThe server itself stays up.";
const answer = `Your provider closes port 6688 at night (case ${randomInt(1e6)}): open it in the firewall.`;

beforeAll(async () => {
  operator = await freshOperator(stack.current);
  operatorSession = (await operatorWith2fa(stack.current, operator)).token;
  await activeNode(stack.current, operatorSession, nodeName);
  const admin = await freshAdmin(stack.current);
  adminEmail = admin.email;
  const adminSession = await adminToken(stack.current, admin);
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

describe("support tickets from the header's Submit Ticket to a closed ticket", () => {
  test("the operator opens a ticket about their node from the header's Submit Ticket", async () => {
    const page = operatorPage;
    await page.goto(routes.dashboard.href());
    await page.getByRole("link", { name: "Submit Ticket" }).filter({ visible: true }).click();
    await page.waitForURL((url) => url.pathname === routes.listTicket.path);
    await page.getByRole("heading", { name: "Support Tickets", level: 1 }).waitFor();
    await page.getByText("No Record Found.....").waitFor();
    const form = page.getByRole("form", { name: "Submit Ticket" });
    await form.getByRole("button", { name: "Submit Ticket" }).click();
    await form.getByRole("alert").filter({ hasText: "Subject is required" }).waitFor();
    await form.getByRole("alert").filter({ hasText: "Message is required" }).waitFor();
    await shoot(page, "submit-ticket-errors");

    await form.getByLabel("Subject").fill(subject);
    await form.getByRole("combobox", { name: "Node (optional)" }).selectOption({ label: nodeName });
    await form.getByLabel("Message").fill(question);
    await form.getByRole("button", { name: "Submit Ticket" }).click();
    await page.getByText(MESSAGES.ticketSubmitted).first().waitFor();
    await page.waitForURL((url) => url.pathname === routes.viewTicket.path && Boolean(url.searchParams.get("id")));
    ticketUrl = new URL(page.url()).search;
    await page.getByRole("heading", { name: "View Ticket", level: 1 }).waitFor();
    await page.getByRole("heading", { name: new RegExp(`^#\\d+ ${subject}$`) }).waitFor();
    await page.getByText(nodeName).waitFor();
    const thread = page.getByRole("list", { name: "Messages" });
    await thread.getByText("The server itself stays up.").waitFor();
    expect(await thread.getByRole("listitem").count()).toBe(1);
    await shoot(page, "operator-ticket-open");

    await page.goto(routes.listTicket.href());
    const row = page.getByRole("row").filter({ hasText: subject });
    await row.getByText(TICKET_STATUS.open).waitFor();
    await row.getByText(nodeName).waitFor();
    await shoot(page, "operator-tickets");

    await row.getByRole("link", { name: subject }).click();
    await page.getByRole("list", { name: "Messages" }).getByText("The server itself stays up.").waitFor();
  });

  test("the admin is mailed about it, finds it under Tickets by status and search, and replies", async () => {
    const notice = await mailbox(stack.current.mailDir).textContaining(adminEmail, subject);
    expect(notice).toContain(`${operator.email} opened ticket #`);
    expect(notice).toContain(`about node ${nodeName}`);
    const page = adminPage;
    await page.goto(routes.adminDashboard.href());
    await page.getByRole("navigation", { name: "Admin menu" }).getByRole("link", { name: "Tickets" }).click();
    await page.waitForURL((url) => url.pathname === routes.adminListTicket.path);
    await page.getByRole("heading", { name: "Tickets", level: 1 }).waitFor();
    const filter = page.getByRole("radiogroup", { name: "Ticket status" });
    await filter.getByText("Answered", { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === TICKET_STATUS.answered);
    await page.getByRole("searchbox", { name: "Search by subject or email" }).fill(subject);
    await page.waitForURL((url) => url.searchParams.get("q") === subject);
    await page.getByText("No Record Found.....").waitFor();
    await filter.getByText("Open", { exact: true }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("status") === TICKET_STATUS.open && url.searchParams.get("q") === subject,
    );
    const row = page.getByRole("row").filter({ hasText: subject });
    await row.getByText(operator.email).waitFor();
    await shoot(page, "admin-tickets");

    await row.getByRole("link", { name: subject }).click();
    await page.waitForURL((url) => url.pathname === routes.adminViewTicket.path && url.search === ticketUrl);
    await page.getByRole("heading", { name: "View Ticket", level: 1 }).waitFor();
    const thread = page.getByRole("list", { name: "Messages" });
    await thread.getByText(operator.email).waitFor();
    await page.getByLabel("Your reply").fill(answer);
    await page.getByRole("button", { name: "Send Reply" }).click();
    await page.getByText(MESSAGES.ticketReplied).first().waitFor();
    await thread.getByText(answer).waitFor();
    await thread.getByText(/^Support \(/).waitFor();
    expect(await page.getByLabel("Your reply").inputValue()).toBe("");
    await page.getByText("Answered", { exact: true }).waitFor();
    await shoot(page, "admin-ticket-replied");
  });

  test("the operator's open thread shows the reply as it is sent, without a reload", async () => {
    const page = operatorPage;
    expect(new URL(page.url()).search).toBe(ticketUrl);
    const thread = page.getByRole("list", { name: "Messages" });
    await thread.getByText(answer).waitFor({ timeout: 10_000 });
    expect(await thread.getByRole("listitem").count()).toBe(2);
    await page.getByText(TICKET_STATUS.answered, { exact: true }).waitFor();
  });

  test("the operator sees the reply on the portal and gets it by mail", async () => {
    const page = operatorPage;
    await page.goto(routes.listTicket.href());
    const row = page.getByRole("row").filter({ hasText: subject });
    await row.getByText(TICKET_STATUS.answered).waitFor();
    await row.getByText("Support").waitFor();
    await row.getByRole("link", { name: subject }).click();
    const thread = page.getByRole("list", { name: "Messages" });
    await thread.getByText(answer).waitFor();
    expect(
      await thread.getByRole("listitem").filter({ hasText: answer }).getByText("Support", { exact: true }).count(),
    ).toBe(1);
    const mail = await mailbox(stack.current.mailDir).textContaining(operator.email, answer);
    expect(mail).toContain(subject);
    await shoot(page, "operator-ticket-answered");
  });

  test("the admin closes it: no reply box is left on either side", async () => {
    const page = adminPage;
    await page.reload();
    await page.getByRole("button", { name: "Close Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.getByLabel("Type yes to confirm").fill("yes");
    const stopSlowing = await slowAnswers(page, API.ticket.close, 1_500);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText(MESSAGES.ticketClosedDone).first().waitFor();
    await page.getByText(MESSAGES.ticketClosed).waitFor();
    await stopSlowing();
    expect(await page.getByLabel("Your reply").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Close Ticket" }).count()).toBe(0);

    const operatorView = operatorPage;
    await operatorView.reload();
    await operatorView.getByText(MESSAGES.ticketClosed).waitFor();
    expect(await operatorView.getByLabel("Your reply").count()).toBe(0);
    await shoot(operatorView, "operator-ticket-closed");
  });

  test("a ticket near its 200 messages says how many more fit; the reply that fills it leaves the reason in place of the box", async () => {
    const page = operatorPage;
    const opened = await api<{ data: { _id: string } }>(API.ticket.root, operatorSession, {
      subject: `Long thread ${randomInt(1e6)}`,
      message: "The first of many messages.",
    });
    const id = opened.data._id;
    const db = createDb(stack.current.databaseUrl, 1);
    try {
      const { operator_id } = await db
        .selectFrom("app.ticket")
        .select("operator_id")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await db
        .insertInto("app.ticket_message")
        .values(
          Array.from({ length: 197 }, (_, i) => ({
            ticket_id: id,
            author_type: "user" as const,
            author_id: operator_id,
            body: `Detail ${i + 1}`,
          })),
        )
        .execute();
    } finally {
      await db.destroy();
    }
    await page.goto(routes.viewTicket.href(id));
    await page
      .getByText("2 more messages fit in this ticket, then it takes no more: open a new ticket to go on")
      .waitFor();
    await page.getByLabel("Your reply").fill("One more detail.");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await page
      .getByText("1 more message fits in this ticket, then it takes no more: open a new ticket to go on")
      .waitFor();
    await shoot(page, "operator-ticket-nearly-full");
    await page.getByLabel("Your reply").fill("The last detail.");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await page.getByText("This ticket holds 200 messages, its most: open a new ticket to go on").waitFor();
    expect(await page.getByLabel("Your reply").count()).toBe(0);
    expect(
      (await api<{ messages: unknown[] }>(`${API.ticket.byId}?ticketId=${id}`, operatorSession)).messages,
    ).toHaveLength(200);
  });

  test("the operator turns the node status alert off on the profile", async () => {
    const page = operatorPage;
    await page.goto(routes.editProfile.href());
    await page.getByRole("heading", { name: "Email alerts" }).waitFor();
    await page.getByText(`Alert mails go to ${operator.email}.`).waitFor();
    const toggle = page.getByRole("switch", { name: "Node status" });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await page.getByText(MESSAGES.alertPreferencesSaved).first().waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await shoot(page, "edit-profile-alerts");
    expect(await api(API.alert.preferences, operatorSession)).toEqual({
      nodeInactive: true,
      nodeStatus: false,
      jobStatus: true,
      stakeUnlocked: true,
    });

    await page.goto(routes.viewProfile.href());
    const alerts = page.getByRole("list", { name: "Email alerts" });
    await alerts.getByRole("listitem").filter({ hasText: "Node status" }).getByText("Off", { exact: true }).waitFor();
    await alerts.getByRole("listitem").filter({ hasText: "Job status" }).getByText("On", { exact: true }).waitFor();
    await shoot(page, "view-profile-alerts");
  });

  test("the operator adds a signed webhook on the profile, sees its secret once, and a test reaches the receiver", async () => {
    const page = operatorPage;
    const receiver = await startWebhookReceiver();
    try {
      const hooks = page.getByRole("form", { name: "Add webhook" });
      await hooks.getByLabel("Kind").selectOption({ label: "Generic JSON (signed)" });
      await hooks.getByLabel("Webhook URL").fill(`${receiver.url}/portal-alerts/6f1c2a9e8d7b4c3a`);
      await hooks.getByRole("button", { name: "Add Webhook" }).click();
      await page.getByText(MESSAGES.webhookAdded).first().waitFor();
      const shown = page.getByRole("alert").filter({ hasText: MESSAGES.webhookSecretShownOnce });
      const secret = (await shown.getByLabel("Signing secret").textContent())!.trim();
      expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      await shoot(page, "view-profile-webhook-secret");
      await shown.getByRole("button", { name: "Done" }).click();
      const row = page.getByRole("listitem", { name: "Generic JSON (signed) webhook" });
      await row.getByText("No delivery yet").waitFor();
      await row.getByText(`127.0.0.1:${new URL(receiver.url).port}/…4c3a`).waitFor();

      await row.getByRole("button", { name: "Send test" }).click();
      await page.getByText(MESSAGES.webhookTestQueued).first().waitFor();
      const received = await receiver.requestTo("/portal-alerts/6f1c2a9e8d7b4c3a");
      const [t, v1] = String(received.headers["webhook-signature"])
        .split(",")
        .map((part) => part.split("=")[1]);
      expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${received.body}`).digest("hex"));
      expect(JSON.parse(received.body)).toMatchObject({ type: "webhook.test" });
      await row.getByText(/^Last delivery: HTTP 200/).waitFor();
      await row.getByRole("button", { name: "Delivery log" }).click();
      await row.getByRole("table", { name: "Delivery log" }).getByText("webhook.test").waitFor();
      await shoot(page, "view-profile-webhooks");

      await page.reload();
      await row.getByText(/^Last delivery: HTTP 200/).waitFor();
      expect(await page.getByText(secret).count()).toBe(0);

      await row.getByRole("button", { name: "Turn off" }).click();
      await row.getByText("Turned off", { exact: true }).waitFor();
      expect(await row.getByRole("button", { name: "Send test" }).isDisabled()).toBe(true);
      await row.getByRole("button", { name: "Turn on" }).click();
      await row.getByText("Enabled", { exact: true }).waitFor();

      await row.getByRole("button", { name: "Edit", exact: true }).click();
      const editing = row.getByRole("form", { name: "Edit Generic JSON (signed) webhook" });
      await editing.getByLabel("Name").fill("Validator alerts for the operations team");
      await editing.getByLabel("Make a new signing secret (the current one stops working)").check();
      await editing.getByRole("button", { name: "Save Webhook" }).click();
      await page.getByText(MESSAGES.webhookSaved).first().waitFor();
      await row.getByText("Validator alerts for the operations team").waitFor();
      const rotated = (await row.getByLabel("Signing secret", { exact: true }).textContent())!.trim();
      expect(rotated).toMatch(/^whsec_[0-9a-f]{64}$/);
      expect(rotated).not.toBe(secret);
      await shoot(page, "view-profile-webhook-edited");
    } finally {
      await receiver.stop();
    }
  });
});
