import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { API } from "../public-contract/index.ts";
import { sendPendingMails } from "./outbox.ts";

let t: TestAppWithSmtp;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
});
afterAll(() => t?.close());

const pending = () =>
  t.db
    .selectFrom("app.mail_outbox")
    .select(["done_at", "claimed_at", "attempts"])
    .where("done_at", "is", null)
    .execute();

describe("queued mail while the mail server throttles", () => {
  it("stops at the first temporary refusal and gives the rest back untried, then sends everything once the server accepts", async () => {
    const admin = await t.addAdmin();
    const operator = await newOperator(t);
    for (const subject of ["First", "Second", "Third"]) {
      expect(
        (await t.call("POST", API.ticket.root, { token: operator.token, body: { subject, message: "Help." } })).status,
      ).toBe(201);
    }
    t.smtp.refuseAll(451);
    const attempts = t.smtp.attempts.count;
    const run = await sendPendingMails(t.mailSender);
    expect(run).toMatchObject({ sent: 0, failed: 1 });
    expect(t.smtp.attempts.count - attempts).toBe(1);
    const left = await pending();
    expect(left.map((mail) => mail.claimed_at)).toEqual([null, null, null]);
    expect(left.map((mail) => mail.attempts).sort()).toEqual([0, 0, 1]);

    t.smtp.accept();
    expect(await sendPendingMails(t.mailSender)).toMatchObject({ sent: 3, failed: 0 });
    expect(await pending()).toEqual([]);
    expect(t.smtp.textsTo(admin.email).filter((text) => text.includes("Subject: New ticket #"))).toHaveLength(3);
  });
});
