import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, PUBLIC_URL, type TestApp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { SoftwareAuthenticator } from "../../test/webauthn.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

let t: TestAppWithSmtp;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
});
afterAll(() => t?.close());

type Admin = Awaited<ReturnType<TestApp["addAdmin"]>>;
const PASSWORD = "correct horse battery";

/** A new admin signed in through password and emailed code (no passkey yet); their password is PASSWORD. */
async function signedInAdmin() {
  const admin = await t.addAdmin(undefined, PASSWORD);
  return { admin, token: await t.adminToken(admin) };
}

/** Registers `authenticator`'s credential for the admin of `token` under `name`. */
async function register(
  token: string,
  authenticator: SoftwareAuthenticator,
  name = "Laptop",
  discoverable: boolean | null = true,
) {
  const options = await t.call("POST", API.passkey.registerOptions, { token, body: { password: PASSWORD } });
  expect(options.status).toBe(200);
  return t.call("POST", API.passkey.register, {
    token,
    body: { name, response: authenticator.create(options.body.options, discoverable) },
  });
}

/** The password step: answers the sign-in attempt. */
async function passwordStep(admin: Admin) {
  const login = await t.call("POST", API.admin.login, { body: { email: admin.email, password: admin.password } });
  expect(login.status).toBe(200);
  return login.body.registerDetail as {
    _id: string;
    email: string;
    passkey: boolean;
    emailCode: boolean;
    codeSent: boolean;
  };
}

const signInOptions = async (attemptId: string) => {
  const response = await t.call("POST", API.passkey.signInOptions, { body: { _id: attemptId } });
  expect(response.status).toBe(200);
  return response.body.options as { rpId?: string; challenge: string; allowCredentials?: { id: string }[] };
};
/** A signed-in admin with a passkey, a sign-in attempt past their password and its passkey options. */
async function passkeyAttempt() {
  const { admin, token } = await signedInAdmin();
  const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
  await register(token, authenticator);
  const attempt = await passwordStep(admin);
  return { admin, authenticator, attempt, options: await signInOptions(attempt._id) };
}
const signIn = (attemptId: string, response: unknown) =>
  t.call("POST", API.passkey.signIn, { body: { _id: attemptId, response } });
const mailsTo = (email: string) => t.smtp.count(email);

describe("registering a passkey", () => {
  it("keeps a credential whose 'none' attestation answers the admin's challenge, and lists it by name", async () => {
    const { admin, token } = await signedInAdmin();
    const options = await t.call("POST", API.passkey.registerOptions, { token, body: { password: PASSWORD } });
    expect(options.body.options).toMatchObject({
      rp: { id: new URL(PUBLIC_URL).hostname },
      user: { name: admin.email },
      attestation: "none",
    });
    const added = await t.call("POST", API.passkey.register, {
      token,
      body: { name: "YubiKey", response: new SoftwareAuthenticator(PUBLIC_URL).create(options.body.options) },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ message: MESSAGES.passkeyAdded, data: { name: "YubiKey", lastUsedAt: null } });
    const list = await t.call("GET", API.passkey.root, { token });
    expect(list.body).toMatchObject({
      passkeys: [{ _id: added.body.data._id, name: "YubiKey" }],
      emailCodeFallback: true,
    });
  });

  it("refuses a replayed registration, an attestation for another origin, another admin's challenge and a name left empty", async () => {
    const { token } = await signedInAdmin();
    const options = (await t.call("POST", API.passkey.registerOptions, { token, body: { password: PASSWORD } })).body
      .options;
    const response = new SoftwareAuthenticator(PUBLIC_URL).create(options);
    expect((await t.call("POST", API.passkey.register, { token, body: { name: "", response } })).body.errors.name).toBe(
      "Passkey name is required",
    );
    expect((await t.call("POST", API.passkey.register, { token, body: { name: "A", response } })).status).toBe(201);
    const replay = await t.call("POST", API.passkey.register, { token, body: { name: "B", response } });
    expect(replay.status).toBe(400);
    expect(replay.body.errors.response).toBe(MESSAGES.passkeyRequestExpired);

    const elsewhere = (await t.call("POST", API.passkey.registerOptions, { token, body: { password: PASSWORD } })).body
      .options;
    const phished = await t.call("POST", API.passkey.register, {
      token,
      body: { name: "C", response: new SoftwareAuthenticator("https://evil.test").create(elsewhere) },
    });
    expect(phished.body.errors.response).toBe(MESSAGES.passkeyNotVerified);

    const other = await signedInAdmin();
    const challengeOfA = (await t.call("POST", API.passkey.registerOptions, { token, body: { password: PASSWORD } }))
      .body.options;
    const stolen = await t.call("POST", API.passkey.register, {
      token: other.token,
      body: { name: "D", response: new SoftwareAuthenticator(PUBLIC_URL).create(challengeOfA) },
    });
    expect(stolen.body.errors.response).toBe(MESSAGES.passkeyRequestExpired);
    expect((await t.call("GET", API.passkey.root, { token })).body.passkeys).toHaveLength(1);
    expect((await t.call("GET", API.passkey.root, { token: other.token })).body.passkeys).toHaveLength(0);
  });

  it("refuses a credential already registered and a malformed response with field errors", async () => {
    const { token } = await signedInAdmin();
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    expect((await register(token, authenticator)).status).toBe(201);
    const again = await register(token, authenticator, "Again");
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(MESSAGES.passkeyAlreadyRegistered);
    const malformed = await t.call("POST", API.passkey.register, {
      token,
      body: { name: "X", response: { id: "not base64url!", type: "public-key", response: {} } },
    });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors)).toEqual(
      expect.arrayContaining(["response.id", "response.rawId", "response.response.clientDataJSON"]),
    );
  });
});

describe("signing in with password and passkey", () => {
  it("mails no code to an admin with a passkey, and trades the passkey's signature for an admin session", async () => {
    const { admin, token } = await signedInAdmin();
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const passkeyId = (await register(token, authenticator)).body.data._id;
    const mailsBefore = mailsTo(admin.email);
    const attempt = await passwordStep(admin);
    expect(attempt).toMatchObject({ passkey: true, emailCode: true, codeSent: false });
    const options = await signInOptions(attempt._id);
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([authenticator.id]);
    const session = await signIn(attempt._id, authenticator.get(options));
    expect(session.status).toBe(200);
    expect((await t.call("GET", API.operator.root, { token: session.body.token })).status).toBe(200);
    expect(mailsTo(admin.email)).toBe(mailsBefore);
    const [listed] = (await t.call("GET", API.passkey.root, { token: session.body.token })).body.passkeys;
    expect(listed).toMatchObject({ _id: passkeyId });
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it("sends the code of an admin with a passkey only when asked; one factor finishes the attempt for good", async () => {
    const { admin, token } = await signedInAdmin();
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    await register(token, authenticator);
    const attempt = await passwordStep(admin);
    const before = t.smtp.count(admin.email);
    expect((await t.call("POST", API.admin.resendOtp, { body: { _id: attempt._id } })).body.message).toBe(
      "OTP Sent Successfully",
    );
    const code = await t.smtp.codeFor(admin.email, before);
    expect((await signIn(attempt._id, authenticator.get(await signInOptions(attempt._id)))).status).toBe(200);
    expect((await t.call("POST", API.admin.verifyOtp, { body: { _id: attempt._id, otp: code } })).body.errors.otp).toBe(
      MESSAGES.invalidOtp,
    );
    expect((await t.call("POST", API.passkey.signInOptions, { body: { _id: attempt._id } })).body.errors._id).toBe(
      MESSAGES.signInExpired,
    );
  });

  it("refuses a replayed assertion", async () => {
    const { admin, token } = await signedInAdmin();
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    await register(token, authenticator);
    const first = await passwordStep(admin);
    const assertion = authenticator.get(await signInOptions(first._id));
    expect((await signIn(first._id, assertion)).status).toBe(200);
    const second = await passwordStep(admin);
    await signInOptions(second._id);
    for (const attemptId of [first._id, second._id]) {
      const replay = await signIn(attemptId, assertion);
      expect(replay.status).toBe(400);
      expect(replay.body.errors.response).toBe(MESSAGES.passkeyRequestExpired);
    }
  });

  it("refuses a challenge past its expiry", async () => {
    const { authenticator, attempt, options } = await passkeyAttempt();
    await t.db
      .updateTable("app.passkey_challenge")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("challenge", "=", options.challenge)
      .execute();
    expect((await signIn(attempt._id, authenticator.get(options))).body.errors.response).toBe(
      MESSAGES.passkeyRequestExpired,
    );
  });

  it("refuses a passkey sign-in whose password was checked before the admin's sessions moved on", async () => {
    const { admin, authenticator, attempt, options } = await passkeyAttempt();
    await t.db
      .updateTable("app.admin")
      .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
      .where("id", "=", admin.id)
      .execute();
    const late = await signIn(attempt._id, authenticator.get(options));
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual({ _id: MESSAGES.signInExpired });
  });

  it("refuses a wrong credential: another admin's passkey, an unregistered one, and a forged signature", async () => {
    const a = await signedInAdmin();
    const b = await signedInAdmin();
    const ofA = new SoftwareAuthenticator(PUBLIC_URL);
    const ofB = new SoftwareAuthenticator(PUBLIC_URL);
    await register(a.token, ofA);
    await register(b.token, ofB);
    const attempt = await passwordStep(a.admin);
    for (const wrong of [ofB, new SoftwareAuthenticator(PUBLIC_URL)]) {
      const refused = await signIn(attempt._id, wrong.get(await signInOptions(attempt._id)));
      expect(refused.status).toBe(400);
      expect(refused.body.errors.response).toBe(MESSAGES.passkeyUnknown);
    }
    const forged = await signIn(attempt._id, ofA.impostor().get(await signInOptions(attempt._id)));
    expect(forged.body.errors.response).toBe(MESSAGES.passkeyNotVerified);
    expect((await signIn(attempt._id, ofA.get(await signInOptions(attempt._id)))).status).toBe(200);
  });

  it("refuses a cloned credential whose counter does not move past the last one seen", async () => {
    const { admin, token } = await signedInAdmin();
    const original = new SoftwareAuthenticator(PUBLIC_URL);
    await register(token, original);
    const clone = original.clone();
    const first = await passwordStep(admin);
    expect((await signIn(first._id, original.get(await signInOptions(first._id)))).status).toBe(200);
    const second = await passwordStep(admin);
    const cloned = await signIn(second._id, clone.get(await signInOptions(second._id)));
    expect(cloned.status).toBe(400);
    expect(cloned.body.errors.response).toBe(MESSAGES.passkeyNotVerified);
    expect((await signIn(second._id, original.get(await signInOptions(second._id)))).status).toBe(200);
  });

  it("answers 409 to options for an admin without a passkey, and 400 for an attempt that is not live", async () => {
    const { admin } = await signedInAdmin();
    const attempt = await passwordStep(admin);
    expect(attempt).toMatchObject({ passkey: false, emailCode: true, codeSent: true });
    const none = await t.call("POST", API.passkey.signInOptions, { body: { _id: attempt._id } });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe(MESSAGES.noPasskey);
    const unknown = await t.call("POST", API.passkey.signInOptions, {
      body: { _id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.body.errors._id).toBe(MESSAGES.signInExpired);
  });
});

describe("the emailed code fallback", () => {
  it("turns off only once a passkey exists; then sign-in mails no code and both code routes refuse", async () => {
    const { admin, token } = await signedInAdmin();
    const off = await t.call("POST", API.passkey.fallback, { token, body: { enabled: false, password: PASSWORD } });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe(MESSAGES.fallbackNeedsPasskey);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    await register(token, authenticator);

    const earlier = await passwordStep(admin);
    const before = t.smtp.count(admin.email);
    await t.call("POST", API.admin.resendOtp, { body: { _id: earlier._id } });
    const earlierCode = await t.smtp.codeFor(admin.email, before);

    const switched = await t.call("POST", API.passkey.fallback, {
      token,
      body: { enabled: false, password: PASSWORD },
    });
    expect(switched.body).toEqual({ message: MESSAGES.emailCodeFallbackOff, emailCodeFallback: false });
    const mailsBefore = mailsTo(admin.email);
    const attempt = await passwordStep(admin);
    expect(attempt).toMatchObject({ passkey: true, emailCode: false, codeSent: false });
    const resend = await t.call("POST", API.admin.resendOtp, { body: { _id: attempt._id } });
    expect(resend.status).toBe(403);
    expect(resend.body.error).toBe(MESSAGES.emailCodeOff);
    const verify = await t.call("POST", API.admin.verifyOtp, { body: { _id: earlier._id, otp: earlierCode } });
    expect(verify.status).toBe(403);
    expect(verify.body.error).toBe(MESSAGES.emailCodeOff);
    expect(mailsTo(admin.email)).toBe(mailsBefore);
    expect((await signIn(attempt._id, authenticator.get(await signInOptions(attempt._id)))).status).toBe(200);

    expect(
      (await t.call("POST", API.passkey.fallback, { token, body: { enabled: true, password: PASSWORD } })).body
        .emailCodeFallback,
    ).toBe(true);
    expect((await passwordStep(admin)).emailCode).toBe(true);
  });

  it("keeps the last passkey while the fallback is off; renames and deletes only the admin's own; a delete ends the admin's other sessions", async () => {
    const { token: earlier } = await signedInAdmin();
    let token = earlier;
    const other = await signedInAdmin();
    const first = (await register(token, new SoftwareAuthenticator(PUBLIC_URL), "First")).body.data._id;
    const second = (await register(token, new SoftwareAuthenticator(PUBLIC_URL), "Second")).body.data._id;
    await t.call("POST", API.passkey.fallback, { token, body: { enabled: false, password: PASSWORD } });

    expect(
      (await t.call("POST", API.passkey.rename, { token: other.token, body: { _id: first, name: "Mine now" } })).status,
    ).toBe(404);
    expect(
      (await t.call("POST", API.passkey.delete, { token: other.token, body: { id: first, password: PASSWORD } }))
        .status,
    ).toBe(404);
    const renamed = await t.call("POST", API.passkey.rename, { token, body: { _id: first, name: "Phone" } });
    expect(renamed.body).toMatchObject({ message: MESSAGES.passkeyRenamed, data: { _id: first, name: "Phone" } });

    const deleted = await t.call("POST", API.passkey.delete, { token, body: { id: second, password: PASSWORD } });
    expect(deleted.body.message).toBe(MESSAGES.passkeyDeleted);
    expect((await t.call("GET", API.passkey.root, { token })).status, "the session before the delete").toBe(401);
    token = deleted.body.token;
    expect((await t.call("GET", API.passkey.root, { token })).status, "the session it answers").toBe(200);
    const last = await t.call("POST", API.passkey.delete, { token, body: { id: first, password: PASSWORD } });
    expect(last.status).toBe(409);
    expect(last.body.error).toBe(MESSAGES.lastPasskeyWithoutFallback);
    expect(
      (await t.call("GET", API.passkey.root, { token })).body.passkeys.map((p: { name: string }) => p.name),
    ).toEqual(["Phone"]);

    await t.call("POST", API.passkey.fallback, { token, body: { enabled: true, password: PASSWORD } });
    const lastDeleted = await t.call("POST", API.passkey.delete, { token, body: { id: first, password: PASSWORD } });
    expect(lastDeleted.status).toBe(200);
    token = lastDeleted.body.token;
    expect((await t.call("GET", API.passkey.root, { token })).body).toEqual({ passkeys: [], emailCodeFallback: true });
  });

  it("turns emailed codes off only with a discoverable passkey, and keeps the last one while they are off", async () => {
    const { token: first } = await signedInAdmin();
    let token = first;
    const off = () => t.call("POST", API.passkey.fallback, { token, body: { enabled: false, password: PASSWORD } });
    await register(token, new SoftwareAuthenticator(PUBLIC_URL), "Security key", false);
    await register(token, new SoftwareAuthenticator(PUBLIC_URL), "Old browser", null);
    const refused = await off();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "Emailed codes can be off only with a discoverable passkey (one kept on the authenticator): when sign-in is under attack it offers no passkey by name, so add one before turning emailed codes off",
    );
    expect((await t.call("GET", API.passkey.root, { token })).body).toMatchObject({
      passkeys: [
        { name: "Security key", discoverable: false },
        { name: "Old browser", discoverable: null },
      ],
      emailCodeFallback: true,
    });

    const phone = (await register(token, new SoftwareAuthenticator(PUBLIC_URL), "Phone")).body.data;
    expect(phone.discoverable).toBe(true);
    expect((await off()).body.emailCodeFallback).toBe(false);
    const keep = await t.call("POST", API.passkey.delete, { token, body: { id: phone._id, password: PASSWORD } });
    expect(keep.status).toBe(409);
    expect(keep.body.error).toBe(
      "Turn emailed codes on before deleting your last discoverable passkey: when sign-in is under attack it offers no passkey by name",
    );
    const keys = (await t.call("GET", API.passkey.root, { token })).body.passkeys as { _id: string; name: string }[];
    const securityKey = keys.find((key) => key.name === "Security key")!;
    const other = await t.call("POST", API.passkey.delete, {
      token,
      body: { id: securityKey._id, password: PASSWORD },
    });
    expect(other.status).toBe(200);
    token = other.body.token;
    expect(
      (await t.call("GET", API.passkey.root, { token })).body.passkeys.map((p: { name: string }) => p.name),
    ).toEqual(["Old browser", "Phone"]);
  });
});
