import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestAppWithSmtp, type TestApp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { API, MESSAGES } from "../public-contract/index.ts";
import { PROMPT_MAIL } from "../mail/index.ts";
import { LIMITS_BY_ROUTE } from "../rate-limit/index.ts";
import { saveSettings } from "../setting/index.ts";

let t: TestAppWithSmtp;

/**
 * A mail server address nothing answers: a port below the range the system hands out to servers that ask for any
 * free port, so no other test's server can take it between this file's choice and its use.
 */
const NOBODY_LISTENS = "smtp://127.0.0.1:9";

beforeAll(async () => {
  t = await createTestAppWithSmtp();
});
afterEach(() => t.smtp.accept());
afterAll(() => t?.close());

const login = (app: TestApp, admin: { email: string; password: string }) =>
  app.call("POST", API.admin.login, { body: { email: admin.email, password: admin.password } });
const resend = (_id: string) => t.call("POST", API.admin.resendOtp, { body: { _id } });
const verify = (_id: string, otp: string) => t.call("POST", API.admin.verifyOtp, { body: { _id, otp } });

/**
 * The clear refusal: 503, the message, no stack or internals (the admin's own email and the attempt's random id are
 * left out of the look for SMTP codes: either may hold "451" or "421").
 */
function expectCodeNotSent(response: { status: number; body: { error: string } }) {
  expect(response.status).toBe(503);
  expect(response.body.error).toBe(MESSAGES.codeNotSent);
  const shown = JSON.stringify(response.body, (key, value: unknown) =>
    key === "email" || key === "_id" ? undefined : value,
  );
  expect(shown).not.toMatch(/\bat \w|Error:|451|421|ECONN/);
}

describe("admin sign-in codes while the mail server throttles", () => {
  it("tries again when the server answers 451 and then 421: the code arrives and signs the admin in", async () => {
    const admin = await t.addAdmin();
    t.smtp.refuseNext(451, 421);
    const [before, attempts] = [t.smtp.count(admin.email), t.smtp.attempts.count];
    const started = await login(t, admin);
    expect(started.status).toBe(200);
    expect(started.body.registerDetail.codeSent).toBe(true);
    expect(t.smtp.attempts.count - attempts).toBe(3);
    const code = await t.smtp.codeFor(admin.email, before);
    expect((await verify(started.body.registerDetail._id, code)).status).toBe(200);
  });

  it("answers a clear 503 with the attempt when the server keeps throttling, within the deadline; the resend works once it accepts", async () => {
    const admin = await t.addAdmin();
    t.smtp.refuseAll(451);
    const startedAt = Date.now();
    const refused = await login(t, admin);
    expect(Date.now() - startedAt).toBeLessThan(PROMPT_MAIL.deadlineMs);
    expectCodeNotSent(refused);
    expect(refused.body.registerDetail).toMatchObject({
      email: admin.email,
      passkey: false,
      emailCode: true,
      codeSent: false,
    });
    const attempt = refused.body.registerDetail._id as string;

    expectCodeNotSent(await resend(attempt));

    t.smtp.accept();
    const before = t.smtp.count(admin.email);
    const sent = await resend(attempt);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe("OTP Sent Successfully");
    const code = await t.smtp.codeFor(admin.email, before);
    expect((await verify(attempt, code)).status).toBe(200);
  });

  it("answers the same 503 when the mail server cannot be reached", async () => {
    const unreachable = await createTestApp({ env: { SMTP_URL: NOBODY_LISTENS } });
    try {
      const refused = await login(unreachable, await unreachable.addAdmin());
      expectCodeNotSent(refused);
      expect(refused.body.registerDetail.codeSent).toBe(false);
    } finally {
      await unreachable.close();
    }
  });
});

describe("the sign-in code mail's brand", () => {
  it("is sent under the site settings' name and ends with their contact details", async () => {
    await saveSettings(t.db, {
      multiplyOf: 1000n,
      incentivePercentage: 2.5,
      applicationName: "Acme Validators",
      applicationEmail: "help@acme.example",
      contactNo: "+44 20 7946 0000",
      address: "1 Chain Street, London",
    });
    const admin = await t.addAdmin();
    const started = await login(t, admin);
    expect(started.body.registerDetail.codeSent).toBe(true);
    await t.smtp.codeFor(admin.email);
    const mail = t.smtp.textsTo(admin.email).at(-1)!;
    expect(mail).toContain("From: Acme Validators <");
    expect(mail).toContain("Subject: Your Acme Validators admin sign-in code");
    expect(mail).toMatch(
      /--\r?\nAcme Validators\r?\nEmail: help@acme.example\r?\nPhone: \+44 20 7946 0000\r?\nAddress: 1 Chain Street, London/,
    );
  });
});

describe("Retry-After on the sign-in limits", () => {
  it("tells how long to wait before another code may be sent", async () => {
    const admin = await t.addAdmin();
    const started = await login(t, admin);
    const tooSoon = await resend(started.body.registerDetail._id);
    expect(tooSoon.status).toBe(429);
    const seconds = Number(tooSoon.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
  });

  it("tells how long wrong passwords from one address stay refused", async () => {
    const admin = await t.addAdmin();
    const { max, windowSeconds } = LIMITS_BY_ROUTE.adminLoginFailures;
    const guess = () =>
      t.call("POST", API.admin.login, { ip: "192.0.2.77", body: { email: admin.email, password: "a wrong guess" } });
    for (let i = 0; i < max; i++) expect((await guess()).status).toBe(400);
    const refused = await guess();
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(windowSeconds - 60);
    expect(seconds).toBeLessThanOrEqual(windowSeconds);
  });

  it("tells how long the code checks of one attempt stay refused", async () => {
    const admin = await t.addAdmin();
    const attempt = (await login(t, admin)).body.registerDetail._id as string;
    const { max, windowSeconds } = LIMITS_BY_ROUTE.otpChallenge;
    for (let i = 0; i < max; i++) await verify(attempt, "000000");
    const refused = await verify(attempt, "000000");
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(windowSeconds - 60);
    expect(seconds).toBeLessThanOrEqual(windowSeconds);
  });
});
