import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestApp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator, operatorIdOf } from "../../test/nodes.ts";
import { sendPendingMails } from "../mail/index.ts";
import { API, MESSAGES, TICKET_LIMITS } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let admin: Awaited<ReturnType<TestApp["addAdmin"]>>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.addAdmin();
  adminToken = await t.adminToken(admin);
});
afterAll(() => t?.close());

const open = (token: string, subject: string) =>
  t.call("POST", API.ticket.root, { token, body: { subject, message: "Please help." } });
const reply = (token: string, _id: string, message: string) =>
  t.call("POST", API.ticket.reply, { token, body: { _id, message } });
const ticketMailsTo = (to: string) => t.smtp.textsTo(to).filter((text) => text.includes("Subject: New ticket #"));
const count = async (table: "app.ticket" | "app.ticket_message" | "app.mail_outbox") =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The Retry-After of a 429, in seconds, checked to be a whole number within the limit's window. */
function retryAfter(response: { status: number; headers: Headers }, windowSeconds: number) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  return seconds;
}

describe("ticket limits", () => {
  it(`an operator opens at most ${TICKET_LIMITS.openedPerHour} tickets an hour: the next answers 429 with Retry-After, and no ticket and no admin mail is made; another operator is unaffected`, async () => {
    const operator = await newOperator(t);
    for (let i = 1; i <= TICKET_LIMITS.openedPerHour; i++)
      expect((await open(operator.token, `Question ${i}`)).status).toBe(201);
    await sendPendingMails(t.mailSender);
    expect(ticketMailsTo(admin.email)).toHaveLength(TICKET_LIMITS.openedPerHour);
    const [tickets, messages, mails] = [
      await count("app.ticket"),
      await count("app.ticket_message"),
      await count("app.mail_outbox"),
    ];

    const refused = await open(operator.token, "One too many");
    retryAfter(refused, 3600);
    expect(refused.body).toEqual({ error: MESSAGES.ticketsTooMany });
    expect([await count("app.ticket"), await count("app.ticket_message"), await count("app.mail_outbox")]).toEqual([
      tickets,
      messages,
      mails,
    ]);
    await sendPendingMails(t.mailSender);
    expect(ticketMailsTo(admin.email)).toHaveLength(TICKET_LIMITS.openedPerHour);
    expect((await t.call("GET", `${API.ticket.root}?limit=50`, { token: operator.token })).body.totalDocs).toBe(
      TICKET_LIMITS.openedPerHour,
    );

    const other = await newOperator(t);
    expect((await open(other.token, "My own question")).status).toBe(201);
  });

  it(`one account posts at most ${TICKET_LIMITS.messagesPerMinute} messages a minute: the next answers 429 with Retry-After and is not added; the admin still replies`, async () => {
    const operator = await newOperator(t);
    const ticket = (await open(operator.token, "Long conversation")).body.data._id as string;
    for (let i = 1; i <= TICKET_LIMITS.messagesPerMinute; i++)
      expect((await reply(operator.token, ticket, `Detail ${i}`)).status).toBe(200);
    const refused = await reply(operator.token, ticket, "One more detail");
    retryAfter(refused, 60);
    expect(refused.body).toEqual({ error: MESSAGES.ticketMessagesTooMany });
    const thread = await t.call("GET", `${API.ticket.byId}?ticketId=${ticket}`, { token: operator.token });
    expect(thread.body.messages).toHaveLength(TICKET_LIMITS.messagesPerMinute + 1);
    expect(thread.body.messages.map((m: { body: string }) => m.body)).not.toContain("One more detail");
    expect((await reply(adminToken, ticket, "We are on it.")).status).toBe(200);
  });

  it("holds 200 messages a ticket: the next reply, the operator's or an admin's, asks for a new ticket", async () => {
    const operator = await newOperator(t);
    const opened = await open(operator.token, "A long conversation");
    expect(opened.status).toBe(201);
    const ticket = opened.body.data._id as string;
    const operatorId = await operatorIdOf(t.db, operator.wallet);
    await t.db
      .insertInto("app.ticket_message")
      .values(
        Array.from({ length: 198 }, (_, i) => ({
          ticket_id: ticket,
          author_type: "user",
          author_id: operatorId,
          body: `Message ${i + 2}`,
        })),
      )
      .execute();
    expect((await reply(adminToken, ticket, "The 200th message")).status).toBe(200);
    const full = "This ticket holds 200 messages, its most: open a new ticket to go on";
    expect(await reply(operator.token, ticket, "One more")).toMatchObject({ status: 409, body: { error: full } });
    expect(await reply(adminToken, ticket, "One more")).toMatchObject({ status: 409, body: { error: full } });
    const thread = await t.call("GET", `${API.ticket.byId}?ticketId=${ticket}`, { token: operator.token });
    expect(thread.body.messages).toHaveLength(200);
  });

  it("declares the 429 and its Retry-After on the routes that answer it", async () => {
    const doc = (await t.call("GET", API.openapi)).body;
    for (const operation of [
      doc.paths[API.ticket.root].post,
      doc.paths[API.ticket.reply].post,
      doc.paths[API.upload].post,
    ]) {
      expect(operation.responses["429"].headers["Retry-After"].schema).toMatchObject({ type: "integer" });
    }
  });
});
