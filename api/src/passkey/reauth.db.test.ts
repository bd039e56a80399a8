import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, PUBLIC_URL, type TestApp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { SoftwareAuthenticator } from "../../test/webauthn.ts";
import { API, MESSAGES } from "../public-contract/index.ts";
import { LIMITS_BY_ROUTE } from "../rate-limit/index.ts";

let t: TestAppWithSmtp;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
});
afterAll(() => t?.close());

const PASSWORD = "correct horse battery";
const WRONG = "correct horse battery staple";

/**
 * A signed-in admin (password PASSWORD; a new one unless given) with one passkey, so every change below is otherwise
 * allowed.
 */
async function adminWithPasskey(admin?: Awaited<ReturnType<TestApp["addAdmin"]>>) {
  admin ??= await t.addAdmin(undefined, PASSWORD);
  const token = await t.adminToken(admin);
  const options = await t.call("POST", API.passkey.registerOptions, { token, body: { password: PASSWORD } });
  const added = await t.call("POST", API.passkey.register, {
    token,
    body: { name: "Laptop", response: new SoftwareAuthenticator(PUBLIC_URL).create(options.body.options) },
  });
  expect(added.status).toBe(201);
  return { admin, token, passkeyId: added.body.data._id as string };
}

const passkeysOf = async (token: string) =>
  (await t.call("GET", API.passkey.root, { token })).body as {
    passkeys: { _id: string }[];
    emailCodeFallback: boolean;
  };

/** Refused with a field error on `password`: first without one, then with a wrong one. */
async function expectPasswordRefused(
  send: (password: string | undefined) => Promise<{ status: number; body: { errors?: Record<string, string> } }>,
) {
  const missing = await send(undefined);
  expect(missing.status).toBe(400);
  expect(missing.body.errors?.password).toBe("Password is required");
  const wrong = await send(WRONG);
  expect(wrong.status).toBe(400);
  expect(wrong.body.errors?.password).toBe(MESSAGES.wrongPassword);
}

describe("passkey changes need the admin's password in the same request", () => {
  it("adding: no registration challenge is handed out without the password, so nothing can be registered", async () => {
    const admin = await t.addAdmin(undefined, PASSWORD);
    const token = await t.adminToken(admin);
    await expectPasswordRefused((password) =>
      t.call("POST", API.passkey.registerOptions, { token, body: password === undefined ? {} : { password } }),
    );
    const forged = await t.call("POST", API.passkey.register, {
      token,
      body: { name: "Intruder", response: new SoftwareAuthenticator(PUBLIC_URL).create({ rp: {}, challenge: "AAAA" }) },
    });
    expect(forged.body.errors.response).toBe(MESSAGES.passkeyRequestExpired);
    expect((await passkeysOf(token)).passkeys).toHaveLength(0);
  });

  it("deleting: the passkey stays until the password is given", async () => {
    const { token, passkeyId } = await adminWithPasskey();
    await expectPasswordRefused((password) =>
      t.call("POST", API.passkey.delete, {
        token,
        body: { id: passkeyId, ...(password === undefined ? {} : { password }) },
      }),
    );
    expect((await passkeysOf(token)).passkeys.map((passkey) => passkey._id)).toEqual([passkeyId]);
    const deleted = await t.call("POST", API.passkey.delete, { token, body: { id: passkeyId, password: PASSWORD } });
    expect(deleted.status).toBe(200);
    expect((await passkeysOf(deleted.body.token)).passkeys).toHaveLength(0);
  });

  it("switching emailed codes off, and on again: nothing changes until the password is given", async () => {
    const { token } = await adminWithPasskey();
    await expectPasswordRefused((password) =>
      t.call("POST", API.passkey.fallback, {
        token,
        body: { enabled: false, ...(password === undefined ? {} : { password }) },
      }),
    );
    expect((await passkeysOf(token)).emailCodeFallback).toBe(true);
    expect(
      (await t.call("POST", API.passkey.fallback, { token, body: { enabled: false, password: PASSWORD } })).body
        .emailCodeFallback,
    ).toBe(false);
    await expectPasswordRefused((password) =>
      t.call("POST", API.passkey.fallback, {
        token,
        body: { enabled: true, ...(password === undefined ? {} : { password }) },
      }),
    );
    expect((await passkeysOf(token)).emailCodeFallback, "a stolen session cannot open the emailed code again").toBe(
      false,
    );
    expect(
      (await t.call("POST", API.passkey.fallback, { token, body: { enabled: true, password: PASSWORD } })).body
        .emailCodeFallback,
    ).toBe(true);
  });

  it("wrong passwords spend this session's own budget: past it the session is refused from any address; the admin's sign-in and other sessions are not", async () => {
    const admin = await t.addAdmin(undefined, PASSWORD);
    const otherSession = await t.adminToken(admin);
    const { token, passkeyId } = await adminWithPasskey(admin);
    const ip = "192.0.2.10";
    for (let i = 0; i < LIMITS_BY_ROUTE.adminSessionPasswordFailures.max; i++) {
      expect(
        (await t.call("POST", API.passkey.delete, { token, ip, body: { id: passkeyId, password: WRONG } })).status,
      ).toBe(400);
    }
    for (const from of [ip, "192.0.2.11"]) {
      const locked = await t.call("POST", API.passkey.delete, {
        token,
        ip: from,
        body: { id: passkeyId, password: PASSWORD },
      });
      expect(locked.status).toBe(429);
      expect(locked.body.error).toBe(MESSAGES.tooManyRequests);
    }
    expect((await passkeysOf(token)).passkeys).toHaveLength(1);
    expect(
      (await t.call("POST", API.admin.login, { ip, body: { email: admin.email, password: PASSWORD } })).status,
    ).toBe(200);
    expect(
      (
        await t.call("POST", API.passkey.delete, {
          token: otherSession,
          ip,
          body: { id: passkeyId, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
  });
});
