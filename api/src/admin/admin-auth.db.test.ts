import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestApp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { API, MESSAGES } from "../public-contract/index.ts";
import { LIMITS_BY_ROUTE } from "../rate-limit/index.ts";

let t: TestAppWithSmtp;
let admin: Awaited<ReturnType<TestApp["addAdmin"]>>;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.addAdmin("Admin@Example.com");
});
afterAll(() => t?.close());

async function startLogin() {
  const before = t.smtp.count(admin.email);
  const login = await t.call("POST", API.admin.login, { body: { email: admin.email, password: admin.password } });
  expect(login.status).toBe(200);
  return { id: login.body.registerDetail._id as string, code: await t.smtp.codeFor(admin.email, before) };
}
const verify = (id: string, otp: string) => t.call("POST", API.admin.verifyOtp, { body: { _id: id, otp } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const ageSends = (id: string, seconds: number) =>
  t.db
    .updateTable("app.otp_challenge")
    .set({ sends: sql`array(select s - make_interval(secs => ${seconds}) from unnest(sends) s)` })
    .where("id", "=", id)
    .execute();

describe("admin sign-in", () => {
  it("emails a 6-digit code over SMTP and trades it for an admin session", async () => {
    const { id, code } = await startLogin();
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.db
      .selectFrom("app.otp_challenge")
      .select("code_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    const response = await verify(id, code);
    expect(response.status).toBe(200);
    const users = await t.call("GET", API.operator.root, { token: response.body.token });
    expect(users.status).toBe(200);
    expect(users.body).toMatchObject({ docs: [], totalDocs: 0, page: 1, limit: 5 });
  });

  it("answers a wrong email and a wrong password identically, sending no mail", async () => {
    const before = t.smtp.mails.length;
    const wrongPassword = await t.call("POST", API.admin.login, {
      body: { email: admin.email, password: "not the password" },
    });
    const wrongEmail = await t.call("POST", API.admin.login, {
      body: { email: "nobody@example.com", password: admin.password },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body.errors).toEqual({
      email: MESSAGES.invalidCredentials,
      password: MESSAGES.invalidCredentials,
    });
    expect(t.smtp.mails.length).toBe(before);
  });

  it("uses a code once", async () => {
    const { id, code } = await startLogin();
    expect((await verify(id, code)).status).toBe(200);
    const again = await verify(id, code);
    expect(again.status).toBe(400);
    expect(again.body.errors.otp).toBe(MESSAGES.invalidOtp);
  });

  it("binds a code to its own attempt", async () => {
    const first = await startLogin();
    const second = await startLogin();
    expect((await verify(second.id, first.code === second.code ? wrongCode(first.code) : first.code)).status).toBe(400);
    expect((await verify(second.id, second.code)).status).toBe(200);
  });

  it("kills the attempt after five wrong codes, even for the right one after", async () => {
    const { id, code } = await startLogin();
    for (let i = 1; i <= 4; i++) expect((await verify(id, wrongCode(code))).body.errors.otp).toBe(MESSAGES.invalidOtp);
    expect((await verify(id, wrongCode(code))).body.errors.otp).toBe(MESSAGES.otpAttemptsExceeded);
    expect((await verify(id, code)).status).toBe(400);
  });

  it("refuses an expired code", async () => {
    const { id, code } = await startLogin();
    await t.db
      .updateTable("app.otp_challenge")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", id)
      .execute();
    expect((await verify(id, code)).status).toBe(400);
  });

  it("rejects an empty or malformed code with a field error", async () => {
    const { id } = await startLogin();
    expect((await verify(id, "")).body.errors.otp).toBe("Enter the OTP");
    expect((await verify(id, "12ab56")).status).toBe(400);
    expect(
      (await t.call("POST", API.admin.verifyOtp, { body: { _id: "not-an-id", otp: "123456" } })).body.errors._id,
    ).toBeTruthy();
  });
});

describe("resending the code", () => {
  it("allows one resend per 30 s and five an hour; the new code replaces the old", async () => {
    const { id, code } = await startLogin();
    const tooSoon = await t.call("POST", API.admin.resendOtp, { body: { _id: id } });
    expect(tooSoon.status).toBe(429);
    let latest = code;
    for (let i = 1; i <= 5; i++) {
      await ageSends(id, 31);
      const before = t.smtp.count(admin.email);
      const resend = await t.call("POST", API.admin.resendOtp, { body: { _id: id } });
      expect(resend.status).toBe(200);
      expect(resend.body.message).toBe("OTP Sent Successfully");
      latest = await t.smtp.codeFor(admin.email, before);
    }
    await ageSends(id, 31);
    expect((await t.call("POST", API.admin.resendOtp, { body: { _id: id } })).status).toBe(429);
    if (latest !== code) expect((await verify(id, code)).status).toBe(400);
    expect((await verify(id, latest)).status).toBe(200);
  });
});

describe("POST /api/admin/update", () => {
  const NEW_PASSWORD = "a long new password";
  const change = (token: string, body: Record<string, string>) => t.call("POST", API.admin.update, { token, body });
  const signsIn = async (email: string, password: string) =>
    (await t.call("POST", API.admin.login, { body: { email, password } })).status === 200;

  it("refuses the session alone and a wrong current password, which counts against the session's budget and changes nothing", async () => {
    const target = await t.addAdmin();
    const token = await t.adminToken(target);
    const sessionOnly = await change(token, { password: NEW_PASSWORD, password2: NEW_PASSWORD });
    expect(sessionOnly.status).toBe(400);
    expect(sessionOnly.body.errors).toEqual({ currentPassword: MESSAGES.currentPasswordRequired });
    const { max } = LIMITS_BY_ROUTE.adminSessionPasswordFailures;
    for (let i = 0; i < max; i++) {
      const wrong = await change(token, {
        currentPassword: "not the password",
        password: NEW_PASSWORD,
        password2: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ currentPassword: MESSAGES.wrongPassword });
    }
    const spent = await change(token, {
      currentPassword: target.password,
      password: NEW_PASSWORD,
      password2: NEW_PASSWORD,
    });
    expect(spent.status).toBe(429);
    expect(await signsIn(target.email, NEW_PASSWORD)).toBe(false);
    expect(await signsIn(target.email, target.password)).toBe(true);
    expect((await t.call("GET", API.operator.root, { token })).status).toBe(200);
  });

  it("changes the password with the right current one, checks the new one, and ends the admin's other sessions and sign-ins not finished", async () => {
    const target = await t.addAdmin();
    const other = await t.adminToken(target);
    const token = await t.adminToken(target);
    const mailed = t.smtp.count(target.email);
    const started = await t.call("POST", API.admin.login, {
      body: { email: target.email, password: target.password },
    });
    const pending = { id: started.body.registerDetail._id as string, code: await t.smtp.codeFor(target.email, mailed) };
    const short = await change(token, { currentPassword: target.password, password: "short", password2: "short" });
    expect(short.body.errors.password).toBe(MESSAGES.passwordTooShort);
    const differ = await change(token, {
      currentPassword: target.password,
      password: NEW_PASSWORD,
      password2: "another long one",
    });
    expect(differ.body.errors.password2).toBe(MESSAGES.passwordsDiffer);
    const ok = await change(token, {
      currentPassword: target.password,
      password: NEW_PASSWORD,
      password2: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Password Updated Successfully");
    expect((await t.call("GET", API.operator.root, { token: other })).status).toBe(401);
    expect((await t.call("GET", API.operator.root, { token })).status).toBe(401);
    expect((await t.call("GET", API.operator.root, { token: ok.body.token })).status).toBe(200);
    const late = await verify(pending.id, pending.code);
    expect(late.status, "a sign-in begun with the old password does not finish").toBe(400);
    expect(await signsIn(target.email, target.password)).toBe(false);
    expect(await signsIn(target.email, NEW_PASSWORD)).toBe(true);
  });

  it("does not finish a sign-in whose password was checked before a change of the admin's sessions it did not see", async () => {
    const target = await t.addAdmin();
    const mailed = t.smtp.count(target.email);
    const started = await t.call("POST", API.admin.login, { body: { email: target.email, password: target.password } });
    const pending = { id: started.body.registerDetail._id as string, code: await t.smtp.codeFor(target.email, mailed) };
    // A password change that committed while this attempt's password was being checked: the admin's sessions moved
    // on, and the attempt, stored after the change closed the open ones, stayed open.
    await t.db
      .updateTable("app.admin")
      .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
      .where("id", "=", target.id)
      .execute();
    const late = await verify(pending.id, pending.code);
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual({ _id: "This sign-in has expired: sign in again" });
    expect(late.body.token).toBeUndefined();
  });
});

describe("rate limits", () => {
  it("answers 429 after too many sign-in tries from one IP, shared through the database", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push(
        (
          await t.call("POST", API.admin.login, {
            ip: "192.0.2.7",
            body: { email: `x${i}@example.com`, password: "wrong" },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const row = await t.db
      .selectFrom("app.rate_limit")
      .select("hits")
      .where("key", "=", "admin-login-ip:192.0.2.7")
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(22);
  });

  it("keys on the address the proxy appended, so a forged X-Forwarded-For start does not reset the budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (
          await t.call("POST", API.admin.login, {
            ip: `10.9.9.${i}, 192.0.2.8`,
            body: { email: `y${i}@example.com`, password: "wrong" },
          })
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it("locks out only the address that failed the password, never the admin signing in from elsewhere; successes do not count", async () => {
    const target = await t.addAdmin();
    const login = (ip: string, password: string) =>
      t
        .call("POST", API.admin.login, { ip, body: { email: target.email, password } })
        .then((response) => response.status);
    for (let i = 0; i < 12; i++) expect(await login("198.51.100.1", target.password)).toBe(200);
    for (let i = 0; i < 10; i++) expect(await login("198.51.100.66", "wrong")).toBe(400);
    expect(await login("198.51.100.66", target.password)).toBe(429);
    expect(await login("198.51.100.1", target.password)).toBe(200);
    expect(await login("198.51.100.2", target.password)).toBe(200);
  });

  it("does not revive an expired attempt by resending", async () => {
    const { id } = await startLogin();
    await ageSends(id, 31);
    await t.db
      .updateTable("app.otp_challenge")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", id)
      .execute();
    expect((await t.call("POST", API.admin.resendOtp, { body: { _id: id } })).status).toBe(400);
  });
});
