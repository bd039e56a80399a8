import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { nodeWithStatus } from "../../test/jobs.ts";
import { newOperator } from "../../test/nodes.ts";
import { sendPendingMails } from "../mail/index.ts";
import { API, MESSAGES, NODE_STATUS, TICKET_STATUS } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let admin: string;
type Operator = Awaited<ReturnType<typeof newOperator>>;
let a: Operator;
let b: Operator;
let nodeOfA: string;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  a = await newOperator(t);
  b = await newOperator(t);
  nodeOfA = await nodeWithStatus(t, a.token, NODE_STATUS.active);
});
afterAll(() => t?.close());

const open = (who: Operator, body: Record<string, unknown>) =>
  t.call("POST", API.ticket.root, { token: who.token, body });
const list = (token: string, query = "") => t.call("GET", `${API.ticket.root}?limit=50${query}`, { token });
const byId = (token: string, id: string) => t.call("GET", `${API.ticket.byId}?ticketId=${id}`, { token });
const reply = (token: string, _id: string, message: string) =>
  t.call("POST", API.ticket.reply, { token, body: { _id, message } });
const close = (token: string, _id: string) => t.call("POST", API.ticket.close, { token, body: { _id } });
const mailsTo = (to: string) => t.smtp.textsTo(to);

describe("support tickets", () => {
  let ticketOfA: string;
  let ticketOfB: string;
  let secondOfB: string;

  it("an operator opens a ticket about one of their nodes, or none; another's node is refused with the field", async () => {
    const opened = await open(a, {
      subject: "Node keeps dropping",
      message: "My node stops answering every night.",
      nodeId: nodeOfA,
    });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      message: MESSAGES.ticketSubmitted,
      data: {
        subject: "Node keeps dropping",
        status: TICKET_STATUS.open,
        node: { _id: nodeOfA },
        user: { email: a.email },
        messageCount: 1,
        lastReplyBy: "user",
        messages: [{ authorType: "user", body: "My node stops answering every night." }],
      },
    });
    ticketOfA = opened.body.data._id;
    const theirs = await open(b, { subject: "Borrowed node", message: "Is this mine?", nodeId: nodeOfA });
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors).toEqual({ nodeId: MESSAGES.ticketNodeNotYours });
    const plain = await open(b, { subject: "Payout question", message: "When is the next payout?", nodeId: null });
    expect(plain.body.data.node).toBeNull();
    ticketOfB = plain.body.data._id;
    const noNode = await open(b, { subject: "Token question", message: "Which token address?", nodeId: "" });
    expect(noNode.body.data.node).toBeNull();
    secondOfB = noNode.body.data._id;
    const blank = await open(b, { subject: " ", message: "" });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.errors).sort()).toEqual(["message", "subject"]);
  });

  it("operator B never sees, reads or answers A's ticket; admins see every ticket", async () => {
    expect((await list(b.token)).body.docs.map((doc: { _id: string }) => doc._id)).toContain(ticketOfB);
    expect((await list(b.token)).body.docs.map((doc: { _id: string }) => doc._id)).not.toContain(ticketOfA);
    expect((await list(a.token)).body.docs.map((doc: { _id: string }) => doc._id)).toEqual([ticketOfA]);
    expect((await list(b.token, "&q=dropping")).body.totalDocs).toBe(0);
    expect((await byId(b.token, ticketOfA)).status).toBe(404);
    expect((await reply(b.token, ticketOfA, "I can answer that")).status).toBe(404);
    expect((await byId(a.token, ticketOfA)).body.messages).toHaveLength(1);
    expect((await list(admin)).body.totalDocs).toBe(3);
    expect((await byId(admin, ticketOfA)).status).toBe(200);
  });

  it("admins search by subject, number, email and node, and filter by status", async () => {
    const ticketNo = (await byId(admin, ticketOfA)).body.ticketNo;
    const ids = async (query: string) => (await list(admin, query)).body.docs.map((doc: { _id: string }) => doc._id);
    expect(await ids("&q=payout")).toEqual([ticketOfB]);
    expect(await ids(`&q=%23${ticketNo}`)).toEqual([ticketOfA]);
    expect(await ids(`&q=${encodeURIComponent(b.email)}`)).toEqual([secondOfB, ticketOfB]);
    expect(await ids("&q=Node")).toContain(ticketOfA);
    expect(await ids(`&status=${TICKET_STATUS.answered}`)).toEqual([]);
    expect((await list(admin, "&status=Waiting")).body.errors.status).toBeTruthy();
  });

  it("an admin's reply answers the ticket and emails the operator once; the operator's reply opens it again and emails nobody", async () => {
    await sendPendingMails(t.mailSender);
    const before = t.smtp.mails.length;
    const answered = await reply(admin, ticketOfA, "Your provider blocks port 6688 at night.");
    expect(answered.body).toMatchObject({
      message: MESSAGES.ticketReplied,
      data: { status: TICKET_STATUS.answered, lastReplyBy: "admin", messageCount: 2 },
    });
    expect(answered.body.data.messages[1].authorName).toBe("Test Admin");
    expect(t.mailWakes.count).toBeGreaterThan(0);
    await Promise.all([sendPendingMails(t.mailSender), sendPendingMails(t.mailSender)]);
    await sendPendingMails(t.mailSender);
    const mails = mailsTo(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: Reply to your ticket #${answered.body.data.ticketNo}: Node keeps dropping`);
    expect(mails[0]).toContain("Your provider blocks port 6688 at night.");

    const seen = await byId(a.token, ticketOfA);
    expect(
      seen.body.messages.map((m: { authorType: string; authorName: string }) => `${m.authorType}:${m.authorName}`),
    ).toEqual(["user:", "admin:"]);
    const back = await reply(a.token, ticketOfA, "Thanks, moved to another provider.");
    expect(back.body.data.status).toBe(TICKET_STATUS.open);
    await sendPendingMails(t.mailSender);
    expect(t.smtp.mails.length).toBe(before + 1);
  });

  it("only an admin closes a ticket; a closed ticket takes no reply and is not closed twice", async () => {
    expect((await close(a.token, ticketOfA)).status).toBe(403);
    const closed = await close(admin, ticketOfA);
    expect(closed.body).toMatchObject({ message: MESSAGES.ticketClosedDone, data: { status: TICKET_STATUS.closed } });
    expect(closed.body.data.closedAt).toBeTruthy();
    expect(await reply(a.token, ticketOfA, "One more thing")).toMatchObject({
      status: 409,
      body: { error: MESSAGES.ticketClosed },
    });
    expect((await reply(admin, ticketOfA, "Reopening")).status).toBe(409);
    expect((await close(admin, ticketOfA)).status).toBe(409);
    expect((await list(a.token, `&status=${TICKET_STATUS.closed}`)).body.totalDocs).toBe(1);
    expect((await close(admin, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
