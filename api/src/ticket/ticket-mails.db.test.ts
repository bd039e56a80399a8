import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestApp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { nodeWithStatus } from "../../test/jobs.ts";
import { newOperator } from "../../test/nodes.ts";
import { adminDigestJob } from "../alert/index.ts";
import { recordMails, sendPendingMails } from "../mail/index.ts";
import { API, NODE_STATUS } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let admins: Awaited<ReturnType<TestApp["addAdmin"]>>[];
let adminToken: string;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admins = [await t.addAdmin(), await t.addAdmin()];
  adminToken = await t.adminToken(admins[0]!);
});
afterAll(() => t?.close());

/** The mail handler as two instances run it: twice at once, then once more. */
async function runMailJob() {
  await Promise.all([sendPendingMails(t.mailSender), sendPendingMails(t.mailSender)]);
  await sendPendingMails(t.mailSender);
}
const ticketMailsTo = (to: string) => t.smtp.textsTo(to).filter((text) => text.includes("Subject: New ticket #"));
const digestsTo = (to: string) => t.smtp.textsTo(to).filter((text) => text.includes("Subject: Pending on"));
const open = (token: string, body: Record<string, unknown>) => t.call("POST", API.ticket.root, { token, body });

describe("mails to admins about tickets", () => {
  it("a ticket an operator opens mails every admin once, with who opened it, the node and the message; replies and later admins add none", async () => {
    const operator = await newOperator(t);
    const nodeId = await nodeWithStatus(t, operator.token, NODE_STATUS.active);
    const wakes = t.mailWakes.count;
    const opened = await open(operator.token, {
      subject: "Node keeps dropping",
      message: "It stops answering every night at 02:00.",
      nodeId,
    });
    expect(opened.status).toBe(201);
    expect(t.mailWakes.count).toBeGreaterThan(wakes);
    const ticketNo = opened.body.data.ticketNo as number;

    await runMailJob();
    for (const admin of admins) {
      const mails = ticketMailsTo(admin.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`Subject: New ticket #${ticketNo}: Node keeps dropping`);
      expect(mails[0]).toContain(`${operator.email} opened ticket #${ticketNo} "Node keeps dropping" about node Node`);
      expect(mails[0]).toContain("It stops answering every night at 02:00.");
    }
    expect(ticketMailsTo(operator.email)).toHaveLength(0);

    const later = await t.addAdmin();
    expect(
      (
        await t.call("POST", API.ticket.reply, {
          token: operator.token,
          body: { _id: opened.body.data._id, message: "Still happening." },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call("POST", API.ticket.reply, {
          token: adminToken,
          body: { _id: opened.body.data._id, message: "Looking into it." },
        })
      ).status,
    ).toBe(200);
    await runMailJob();
    for (const admin of admins) expect(ticketMailsTo(admin.email)).toHaveLength(1);
    expect(ticketMailsTo(later.email)).toHaveLength(0);

    const second = await open(operator.token, { subject: "Another question", message: "About payouts." });
    await runMailJob();
    for (const admin of [...admins, later]) {
      const mails = ticketMailsTo(admin.email);
      expect(mails.at(-1)).toContain(`Subject: New ticket #${second.body.data.ticketNo}: Another question`);
      expect(mails.at(-1)).not.toContain("about node");
    }
    expect(ticketMailsTo(admins[0]!.email)).toHaveLength(2);
    expect(ticketMailsTo(later.email)).toHaveLength(1);
  });

  it("the daily digest counts and lists the tickets waiting for support (Open), and goes out when they are all that waits", async () => {
    const run = async (at: string) => {
      const job = adminDigestJob(t.mailSender, () => new Date(at));
      await Promise.all([job.run(), job.run()]);
    };
    await run("2026-12-01T06:00:00Z");
    const first = digestsTo(admins[0]!.email);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain(
      "Subject: Pending on 2026-12-01: 0 node requests, 0 job requests, 0 interest requests, 1 open ticket",
    );
    expect(first[0]).toMatch(/Open tickets \(1\):\s+- #\d+ Another question from /);
    expect(first[0]).not.toContain("Node keeps dropping");

    const { docs } = (await t.call("GET", `${API.ticket.root}?status=Open`, { token: adminToken })).body as {
      docs: { _id: string }[];
    };
    for (const ticket of docs)
      expect((await t.call("POST", API.ticket.close, { token: adminToken, body: { _id: ticket._id } })).status).toBe(
        200,
      );
    await run("2026-12-02T06:00:00Z");
    expect(digestsTo(admins[0]!.email)).toHaveLength(1);
  });

  it("a disabled admin gets no ticket mail and no digest, not even one queued before the disable", async () => {
    const leaving = await t.addAdmin();
    const operator = await newOperator(t);
    const queued = await open(operator.token, { subject: "Before the disable", message: "Queued for every admin." });
    expect(queued.status).toBe(201);
    await t.db.updateTable("app.admin").set({ disabled_at: new Date() }).where("id", "=", leaving.id).execute();
    const after = await open(operator.token, { subject: "After the disable", message: "Not for the leaver." });
    expect(after.status).toBe(201);
    const job = adminDigestJob(t.mailSender, () => new Date("2026-12-03T06:00:00Z"));
    await job.run();
    await runMailJob();
    expect(t.smtp.textsTo(leaving.email)).toEqual([]);
    const queuedFor = await t.db
      .selectFrom("app.mail_outbox")
      .select("kind")
      .where("recipient_type", "=", "admin")
      .where("recipient_id", "=", leaving.id)
      .execute();
    expect(queuedFor).toEqual([{ kind: "ticketOpened" }]);
    expect(ticketMailsTo(admins[0]!.email).at(-1)).toContain("After the disable");
    expect(digestsTo(admins[0]!.email).at(-1)).toContain("Subject: Pending on 2026-12-03");
  });

  it("a digest recorded before tickets were counted is still sent", async () => {
    const [admin] = admins;
    const legacy = {
      day: "2026-11-30",
      nodes: { count: 1, items: ["Old node"] },
      jobs: { count: 0, items: [] },
      requests: { count: 0, items: [] },
    };
    await recordMails(t.db, [
      {
        kind: "adminDigest",
        eventKey: `${admin!.id}:2026-11-30`,
        recipient: { type: "admin", id: admin!.id },
        details: legacy,
      },
    ]);
    await runMailJob();
    expect(
      digestsTo(admin!.email).some((text) =>
        text.includes(
          "Subject: Pending on 2026-11-30: 1 node request, 0 job requests, 0 interest requests, 0 open tickets",
        ),
      ),
    ).toBe(true);
  });
});
