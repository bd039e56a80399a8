import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { addressOf, newOperator } from "../../test/nodes.ts";
import { saveSettings } from "../setting/index.ts";
import type { Mail } from "./mailer.ts";
import { mailOf, recordMails, sendPendingMails, type NewMail } from "./outbox.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A mailer that keeps what it is given, slowly enough that overlapping senders meet on the same rows. */
function slowMailer() {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail: Mail) {
      await sleep(2);
      sent.push(mail);
    },
  };
}

describe("the one mail outbox", () => {
  it("three senders at once send every feature's mails exactly once, over several batches", async () => {
    const admin = await t.addAdmin();
    const operator = await newOperator(t);
    const operatorId = (
      await t.db
        .selectFrom("app.operator")
        .select("id")
        .where("wallet_address", "=", operator.wallet)
        .executeTakeFirstOrThrow()
    ).id;
    const payoutTx = (i: number) => `0x${(i + 1).toString(16).padStart(64, "0")}`;
    await t.db
      .insertInto("app.incentive")
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          wallet: operator.wallet,
          node: addressOf(i + 1, "0b"),
          date: "2027-02-01",
          token: "1000",
          inactive_count: 0,
          staked_days: 30,
          accrued_days: 30,
          percentage: "2.5",
          paid_tx: payoutTx(i),
          paid_at: new Date(),
          paid_amount: "1000",
          paid_block: BigInt(i + 1),
        })),
      )
      .execute();
    const empty = { count: 0, items: [] };
    const mails: NewMail[] = Array.from({ length: 40 }, (_, i) => [
      mailOf(
        "adminDigest",
        `${admin.id}:day-${i}`,
        { type: "admin", id: admin.id },
        { day: `day ${i}`, nodes: { count: 1, items: [`node ${i}`] }, jobs: empty, requests: empty, tickets: empty },
      ),
      mailOf(
        "nodeStatus",
        `history-${i}`,
        { type: "user", id: operatorId },
        { nodeName: `Node ${i}`, from: "Pending", to: "Verified", notes: "" },
      ),
      mailOf(
        "incentivePaid",
        `${payoutTx(i)}:${operator.wallet}`,
        { type: "wallet", id: operator.wallet },
        { txHash: payoutTx(i), wallet: operator.wallet },
      ),
    ]).flat();
    expect(await recordMails(t.db, mails)).toBe(120);
    expect(await recordMails(t.db, mails)).toBe(0);

    const mailer = slowMailer();
    const runs = await Promise.all([1, 2, 3].map(() => sendPendingMails({ ...t.mailSender, mailer })));
    const again = await sendPendingMails({ ...t.mailSender, mailer });

    expect(runs.reduce((sum, run) => sum + run.sent, again.sent)).toBe(120);
    expect(mailer.sent).toHaveLength(120);
    expect(new Set(mailer.sent.map((mail) => `${mail.to}\n${mail.subject}\n${mail.text}`)).size).toBe(120);
    expect(mailer.sent.filter((mail) => mail.subject === "PLI incentive paid: 0.000000000000001 PLI")).toHaveLength(40);
    expect(mailer.sent.filter((mail) => mail.to === admin.email)).toHaveLength(40);
    const outcomes = await t.db.selectFrom("app.mail_outbox").select(["outcome", "attempts"]).execute();
    expect(outcomes).toHaveLength(120);
    expect(outcomes.every((row) => row.outcome === "sent" && row.attempts === 1)).toBe(true);
  });

  it("ends each mail with the application's name and the contact details the settings have when it is sent", async () => {
    const admin = await t.addAdmin();
    const empty = { count: 0, items: [] };
    const digest = (day: string) =>
      mailOf(
        "adminDigest",
        `${admin.id}:brand-${day}`,
        { type: "admin", id: admin.id },
        { day, nodes: { count: 1, items: ["node"] }, jobs: empty, requests: empty, tickets: empty },
      );
    const settings = { multiplyOf: 1000n, incentivePercentage: 2.5 };
    await recordMails(t.db, [digest("brand-1")]);
    await saveSettings(t.db, {
      ...settings,
      applicationName: "Acme Validators",
      applicationEmail: "help@acme.example",
      contactNo: "+44 20 7946 0000",
      address: "1 Chain Street, London",
    });
    const mailer = slowMailer();
    await sendPendingMails({ ...t.mailSender, mailer });

    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.fromName).toBe("Acme Validators");
    expect(mailer.sent[0]!.text.split("\n").slice(-5)).toEqual([
      "--",
      "Acme Validators",
      "Email: help@acme.example",
      "Phone: +44 20 7946 0000",
      "Address: 1 Chain Street, London",
    ]);

    await saveSettings(t.db, { ...settings, applicationName: "Acme Nodes" });
    await recordMails(t.db, [digest("brand-2")]);
    await sendPendingMails({ ...t.mailSender, mailer });
    expect(mailer.sent[1]!.text.split("\n").slice(-2)).toEqual(["--", "Acme Nodes"]);
  });
});
