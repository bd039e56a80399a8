import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { nodeWithStatus, operatorWithActiveNode, submitJob } from "../../test/jobs.ts";
import { newOperator, nodeBody } from "../../test/nodes.ts";
import { API, MESSAGES, NODE_STATUS } from "../public-contract/index.ts";
import { runProbeRound } from "../node-monitor/index.ts";
import { createDeps } from "../deps.ts";
import { HANDLER } from "../handlers.ts";
import { sendPendingMails } from "../mail/index.ts";

let t: TestAppWithSmtp;
let admin: string;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
});
afterAll(() => t?.close());

/** The mail job as the scheduler runs it: twice at once (two instances), then once more. */
async function runMailJob() {
  await Promise.all([sendPendingMails(t.mailSender), sendPendingMails(t.mailSender)]);
  await sendPendingMails(t.mailSender);
}
const mailsTo = (to: string) => t.smtp.textsTo(to);
const review = (id: string, status: string, adminNotes?: string) =>
  t.call("POST", API.node.edit, { token: admin, body: { _id: id, status, adminNotes } });
const outcomes = async (recipientId: string) =>
  (
    await t.db
      .selectFrom("app.mail_outbox")
      .select(["kind", "outcome"])
      .where("recipient_id", "=", recipientId)
      .execute()
  ).map((row) => `${row.kind}:${row.outcome}`);
const operatorId = async (wallet: string) =>
  (await t.db.selectFrom("app.operator").select("id").where("wallet_address", "=", wallet).executeTakeFirstOrThrow())
    .id;

describe("alert mails to operators", () => {
  it("an admin's node review mails the owner once, with the notes for Return; the owner's own change and an unchanged review send none", async () => {
    const owner = await newOperator(t);
    const node = await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    expect((await review(node, NODE_STATUS.return, "Open port 6688 to the portal")).status).toBe(200);
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(owner.email)[0]).toContain("Subject: Node Node");
    expect(mailsTo(owner.email)[0]).toContain("to Return");
    expect(mailsTo(owner.email)[0]).toContain("Open port 6688 to the portal");

    expect((await review(node, NODE_STATUS.return, "Open port 6688 to the portal")).status).toBe(200);
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(1);

    expect((await review(node, NODE_STATUS.return, "Also update the OS")).status).toBe(200);
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(2);
    expect(mailsTo(owner.email)[1]).toContain("Also update the OS");

    const resubmit = await t.call("POST", API.node.edit, {
      token: owner.token,
      body: { _id: node, ...nodeBody(randomInt(1, 16_000_000)) },
    });
    expect(resubmit.status).toBe(200);
    expect((await review(node, NODE_STATUS.verified)).status).toBe(200);
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(3);
    expect(mailsTo(owner.email)[2]).toContain("from Pending to Verified");
    expect(t.mailWakes.count).toBeGreaterThan(0);
  });

  it("an admin's job review mails the owner once with the notes; the owner's own edit sends none", async () => {
    const owner = await operatorWithActiveNode(t);
    const job = await submitJob(t, owner);
    expect((await t.call("POST", API.job.edit, { token: owner.token, body: { _id: job, polltimer: 90 } })).status).toBe(
      200,
    );
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(0);
    const approved = await t.call("POST", API.job.edit, {
      token: admin,
      body: { _id: job, status: "Approved", adminNotes: "Runs from Monday" },
    });
    expect(approved.body.message).toBe("Status Updated Successfully");
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(owner.email)[0]).toContain("Subject: Job PLI/XDC price: Approved");
    expect(mailsTo(owner.email)[0]).toContain("Runs from Monday");
    expect((await t.call("POST", API.job.edit, { token: admin, body: { _id: job, jobStatus: "Active" } })).status).toBe(
      200,
    );
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(2);
    expect(mailsTo(owner.email)[1]).toContain("Job status: Active");
  });

  it("a day the monitor finds a node inactive mails its owner once; days a late monitor catches up on send none", async () => {
    const owner = await newOperator(t);
    const node = await nodeWithStatus(t, owner.token, NODE_STATUS.active);
    await t.db.updateTable("app.node").set({ ipaddress: "127.0.0.9" }).where("id", "=", node).execute();
    const settings = { port: await freePort(), path: "/", timeoutMs: 300 };
    await t.db
      .insertInto("app.node_probe_day")
      .values({ node_id: node, day: "2026-10-01", probes: 96, successes: 0 })
      .execute();
    await runProbeRound(t.db, settings, new Date("2026-10-20T10:00:00Z"));
    await runProbeRound(t.db, settings, new Date("2026-10-21T00:15:00Z"));
    await runProbeRound(t.db, settings, new Date("2026-10-21T00:30:00Z"));
    await runMailJob();
    const inactive = await t.db
      .selectFrom("app.node_inactive_date")
      .select("day")
      .where("node_id", "=", node)
      .execute();
    expect(inactive).toHaveLength(2);
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(owner.email)[0]).toContain("Subject: Node Node");
    expect(mailsTo(owner.email)[0]).toContain("was inactive on 2026-10-20");
  });

  it("a kind turned off on the profile is not sent, and stays unsent when turned on again; the other kinds still go", async () => {
    const owner = await operatorWithActiveNode(t);
    const id = await operatorId(owner.wallet);
    expect((await t.call("GET", API.alert.preferences, { token: owner.token })).body).toEqual({
      nodeInactive: true,
      nodeStatus: true,
      jobStatus: true,
      stakeUnlocked: true,
    });
    const saved = await t.call("PUT", API.alert.preferences, {
      token: owner.token,
      body: { nodeInactive: true, nodeStatus: false, jobStatus: true, stakeUnlocked: true },
    });
    expect(saved.body).toEqual({
      message: MESSAGES.alertPreferencesSaved,
      data: { nodeInactive: true, nodeStatus: false, jobStatus: true, stakeUnlocked: true },
    });

    const node = await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    expect((await review(node, NODE_STATUS.verified)).status).toBe(200);
    const job = await submitJob(t, owner);
    expect(
      (
        await t.call("POST", API.job.edit, {
          token: admin,
          body: { _id: job, status: "Rejected", adminNotes: "Wrong network" },
        })
      ).status,
    ).toBe(200);
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(owner.email)[0]).toContain("Rejected");

    await t.call("PUT", API.alert.preferences, {
      token: owner.token,
      body: { nodeInactive: true, nodeStatus: true, jobStatus: true, stakeUnlocked: true },
    });
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(await outcomes(id)).toEqual(expect.arrayContaining(["nodeStatus:turnedOff", "jobStatus:sent"]));
  });

  it("refuses preferences that do not name every kind as on or off, with the field", async () => {
    const owner = await newOperator(t);
    const missing = await t.call("PUT", API.alert.preferences, {
      token: owner.token,
      body: { nodeInactive: false, nodeStatus: "no", jobStatus: true },
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["nodeStatus", "stakeUnlocked"]);
    expect((await t.call("GET", API.alert.preferences, { token: owner.token })).body.nodeInactive).toBe(true);
  });

  it("woken after a commit, the API's own queue sends the recorded mail at once, once however often it is woken", async () => {
    const owner = await newOperator(t);
    const node = await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    expect((await review(node, NODE_STATUS.verified)).status).toBe(200);
    const { handlers } = createDeps(t.config, { db: t.appDb, log: t.logs.log });
    for (let i = 0; i < 5; i++) handlers.wake(HANDLER.mail);
    await waitFor("the mail", () => mailsTo(owner.email).length > 0 || undefined, {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    handlers.wake(HANDLER.mail);
    await handlers.settled();
    await runMailJob();
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it("skips an operator without an email: the event is done, nothing is sent and nothing fails", async () => {
    const owner = await newOperator(t);
    const id = await operatorId(owner.wallet);
    const node = await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    await t.db.updateTable("app.operator").set({ email: null }).where("id", "=", id).execute();
    const before = t.smtp.mails.length;
    expect((await review(node, NODE_STATUS.verified)).status).toBe(200);
    await runMailJob();
    expect(t.smtp.mails.length).toBe(before);
    expect(await outcomes(id)).toEqual(["nodeStatus:noEmail"]);
    expect(t.logs.lines().filter((line) => line.level >= 40 && "mailKind" in line)).toEqual([]);
  });
});
