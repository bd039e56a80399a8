import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { nodeWithStatus } from "../../test/jobs.ts";
import { newOperator } from "../../test/nodes.ts";
import { sendPendingMails } from "../mail/index.ts";
import { API, MESSAGES, NODE_STATUS, type NotificationList } from "../public-contract/index.ts";

/** The bell: the events an operator is mailed about, with the mail's words, read and unread, and only their own. */
let t: TestAppWithSmtp;
let admin: string;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
});
afterAll(() => t?.close());

const listOf = async (token: string, query = "") => {
  const answer = await t.call("GET", `${API.notification.root}${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body as NotificationList;
};
const review = (id: string, status: string, adminNotes?: string) =>
  t.call("POST", API.node.edit, { token: admin, body: { _id: id, status, adminNotes } });
const markRead = (token: string, body: unknown) => t.call("POST", API.notification.read, { token, body });

describe("an operator's notifications", () => {
  it("hold each event the operator is mailed about, newest first and unread, in the words of the mail", async () => {
    const owner = await newOperator(t);
    expect(await listOf(owner.token)).toEqual({ unread: 0, notifications: [], more: false });
    const node = await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    expect((await review(node, NODE_STATUS.return, "Open port 6688 to the portal")).status).toBe(200);
    expect((await review(node, NODE_STATUS.return, "Also update the OS")).status).toBe(200);

    const list = await listOf(owner.token);
    expect(list.unread).toBe(2);
    expect(list.notifications.map((n) => n.readAt)).toEqual([null, null]);
    expect(list.notifications[0]!.text).toContain("Also update the OS");
    expect(list.notifications[1]!.text).toContain("Open port 6688 to the portal");

    await sendPendingMails(t.mailSender);
    const mails = t.smtp.textsTo(owner.email);
    expect(mails).toHaveLength(2);
    for (const notification of list.notifications)
      expect(mails.some((mail) => mail.includes(`Subject: ${notification.title}`))).toBe(true);
  });

  it("are marked read one by one or all at once, and the unread count follows", async () => {
    const owner = await newOperator(t);
    const node = await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    for (const notes of ["First", "Second", "Third"]) await review(node, NODE_STATUS.return, notes);
    const [newest] = (await listOf(owner.token)).notifications;
    const marked = await markRead(owner.token, { ids: [newest!._id] });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ message: MESSAGES.notificationsRead });
    const after = await listOf(owner.token);
    expect(after.unread).toBe(2);
    expect(after.notifications[0]!.readAt).not.toBeNull();
    expect((await markRead(owner.token, { all: true })).status).toBe(200);
    expect((await listOf(owner.token)).unread).toBe(0);
  });

  it("are the operator's own: another's id answers 404 and marks nothing, and admins get 403", async () => {
    const owner = await newOperator(t);
    const stranger = await newOperator(t);
    const node = await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    await review(node, NODE_STATUS.return, "Check the firewall");
    const [theirs] = (await listOf(owner.token)).notifications;
    expect((await listOf(stranger.token)).notifications).toEqual([]);
    const refused = await markRead(stranger.token, { ids: [theirs!._id] });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: MESSAGES.notificationNotFound });
    expect((await listOf(owner.token)).unread).toBe(1);
    expect((await t.call("GET", API.notification.root, { token: admin })).status).toBe(403);
    expect((await t.call("GET", API.notification.root)).status).toBe(401);
  });

  it("refuse a body that names neither ids nor all, or ids that are no ids, with the field's error", async () => {
    const owner = await newOperator(t);
    for (const body of [{}, { ids: ["not-an-id"] }, { ids: [], all: true }]) {
      const refused = await markRead(owner.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(
        Object.keys(refused.body.errors ?? {}).some((key) => key.startsWith("ids")),
        JSON.stringify(body),
      ).toBe(true);
    }
    expect((await t.call("GET", `${API.notification.root}?before=nope`, { token: owner.token })).status).toBe(400);
  });

  it("page by `before`: 20 at a time, then the older ones", async () => {
    const owner = await newOperator(t);
    const node = await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    for (let i = 0; i < 22; i++) await review(node, NODE_STATUS.return, `Notes ${i}`);
    const first = await listOf(owner.token);
    expect(first.notifications).toHaveLength(20);
    expect(first.more).toBe(true);
    const rest = await listOf(owner.token, `?before=${first.notifications.at(-1)!._id}`);
    expect(rest.notifications.map((n) => n.text.match(/Notes \d+/)?.[0])).toEqual(["Notes 1", "Notes 0"]);
    expect(rest.more).toBe(false);
  });
});
