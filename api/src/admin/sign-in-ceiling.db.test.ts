import { sql } from "kysely";
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

type Admin = Awaited<ReturnType<TestApp["addAdmin"]>>;
type RegisterDetail = { _id: string; email: string; passkey: boolean; emailCode: boolean; codeSent: boolean };

const CEILING = LIMITS_BY_ROUTE.adminLoginFailuresAllClients.max;
const PER_CLIENT = LIMITS_BY_ROUTE.adminLoginFailures.max;

let nextNetwork = 0;
/** Addresses no other test of this file uses, so each test starts with every per-address budget unspent. */
const freshAddresses = (count: number) => {
  const network = nextNetwork++;
  return Array.from({ length: count }, (_, i) => `198.18.${network}.${i + 1}`);
};

const login = (email: string, password: string, ip = freshAddresses(1)[0]!) =>
  t.call("POST", API.admin.login, { ip, body: { email, password } });
const verify = (id: string, otp: string) => t.call("POST", API.admin.verifyOtp, { body: { _id: id, otp } });
const resend = (id: string) => t.call("POST", API.admin.resendOtp, { body: { _id: id } });
const mailsTo = (email: string) => t.smtp.count(email);
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const ageSends = (id: string) =>
  t.db
    .updateTable("app.otp_challenge")
    .set({ sends: sql`array(select s - make_interval(secs => 31) from unnest(sends) s)` })
    .where("id", "=", id)
    .execute();

/**
 * Strangers' wrong passwords for `email`: `perAddress` from each of `addresses` new addresses (each
 * address's tries at once, address after address); answers every status in order.
 */
async function strangersGuess(
  email: string,
  addresses: number,
  perAddress = PER_CLIENT,
): Promise<{ statuses: number[]; ips: string[] }> {
  const ips = freshAddresses(addresses);
  const statuses: number[] = [];
  for (const ip of ips) {
    const answers = await Promise.all(
      Array.from({ length: perAddress }, (_, i) => login(email, `wrong guess ${i}`, ip)),
    );
    statuses.push(...answers.map((answer) => answer.status));
  }
  return { statuses, ips };
}

/**
 * Brings the account to its ceiling of failures from all clients, as strangersGuess would with
 * CEILING wrong passwords (the first test makes them for real; the others start from its outcome,
 * written into the shared budget, to spare a hundred password checks each).
 */
const overTheCeiling = (email: string) =>
  sql`INSERT INTO app.rate_limit (key, window_start, hits) VALUES (${`${LIMITS_BY_ROUTE.adminLoginFailuresAllClients.name}:${email.toLowerCase()}`}, now(), ${CEILING})
      ON CONFLICT (key) DO UPDATE SET window_start = now(), hits = ${CEILING}`.execute(t.db);

describe("strangers' wrong passwords from many addresses", { timeout: 120_000 }, () => {
  it("never lock the admin out: after 120 from 12 addresses, the right password from a new address still signs in with the emailed code", async () => {
    const admin = await t.addAdmin();
    const mailsBefore = mailsTo(admin.email);
    const { statuses } = await strangersGuess(admin.email, 12);
    expect(statuses.slice(0, CEILING).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(CEILING).every((status) => status === 200)).toBe(true);
    expect(mailsTo(admin.email), "no code mailed for a wrong password").toBe(mailsBefore);

    const right = await login(admin.email, admin.password);
    expect(right.status).toBe(200);
    expect(right.body.registerDetail).toMatchObject({
      email: admin.email,
      passkey: true,
      emailCode: true,
      codeSent: false,
    });
    const before = t.smtp.count(admin.email);
    expect((await resend(right.body.registerDetail._id)).status).toBe(200);
    const session = await verify(right.body.registerDetail._id, await t.smtp.codeFor(admin.email, before));
    expect(session.status).toBe(200);
    expect((await t.call("GET", API.operator.root, { token: session.body.token })).status).toBe(200);
  });

  it("past the ceiling answer a wrong password like the right one, and its attempt is never confirmed, not even with the other attempt's code", async () => {
    const admin = await t.addAdmin();
    await overTheCeiling(admin.email);
    const mailsBefore = mailsTo(admin.email);
    const wrong = await login(admin.email, "not the password");
    const right = await login(admin.email, admin.password);
    expect(wrong.status).toBe(right.status);
    const { _id: wrongId, ...wrongRest } = wrong.body.registerDetail as RegisterDetail;
    const { _id: rightId, ...rightRest } = right.body.registerDetail as RegisterDetail;
    expect(wrongRest).toEqual(rightRest);
    expect(wrongId).toMatch(/^[0-9a-f-]{36}$/);
    expect(mailsTo(admin.email), "no code is mailed before one is asked for").toBe(mailsBefore);
    expect((await resend(wrongId)).body.message).toBe("OTP Sent Successfully");
    const before = t.smtp.count(admin.email);
    expect((await resend(rightId)).body.message).toBe("OTP Sent Successfully");
    const code = await t.smtp.codeFor(admin.email, before);
    expect(mailsTo(admin.email), "only the right password's code is mailed").toBe(mailsBefore + 1);

    expect((await verify(wrongId, code)).body.errors.otp).toBe(MESSAGES.invalidOtp);
    await ageSends(wrongId);
    await ageSends(rightId);
    const resentWrong = await resend(wrongId);
    expect(resentWrong.status).toBe(200);
    expect(resentWrong.body.message).toBe("OTP Sent Successfully");
    expect(mailsTo(admin.email), "a resend for a wrong password mails nothing").toBe(mailsBefore + 1);
    expect((await resend(wrongId)).status, "a resend too soon is refused alike").toBe(429);
    for (let i = 2; i < 5; i++)
      expect((await verify(wrongId, otherCode(code))).body.errors.otp).toBe(MESSAGES.invalidOtp);
    expect((await verify(wrongId, code)).body.errors.otp, "the fifth wrong code kills it as any attempt").toBe(
      MESSAGES.otpAttemptsExceeded,
    );

    const resendsBefore = t.smtp.count(admin.email);
    expect((await resend(rightId)).status).toBe(200);
    const resentCode = await t.smtp.codeFor(admin.email, resendsBefore);
    expect((await verify(rightId, resentCode)).status).toBe(200);
  });

  it("past the ceiling answer an email no admin has like an admin's, at every step", async () => {
    const admin = await t.addAdmin();
    const unknown = `nobody-${admin.email}`;
    await overTheCeiling(admin.email);
    await overTheCeiling(unknown);
    const ofAdmin = (await login(admin.email, "not the password")).body.registerDetail as RegisterDetail;
    const ofNobody = await login(unknown, "not the password");
    expect(ofNobody.status).toBe(200);
    expect(ofNobody.body.registerDetail).toEqual({ ...ofAdmin, _id: ofNobody.body.registerDetail._id, email: unknown });
    const nobodyId = ofNobody.body.registerDetail._id as string;
    for (const id of [ofAdmin._id, nobodyId]) {
      expect((await verify(id, "123456")).body.errors.otp).toBe(MESSAGES.invalidOtp);
      expect((await resend(id)).body.message).toBe("OTP Sent Successfully");
      const options = await t.call("POST", API.passkey.signInOptions, { body: { _id: id } });
      expect(options.status).toBe(200);
      expect(options.body.options.allowCredentials ?? []).toEqual([]);
    }
  });

  it("still lock out the addresses that spent their own budget, and only those; past the ceiling an address is locked after as many tries whether one was right or not", async () => {
    const admin = await t.addAdmin();
    await overTheCeiling(admin.email);
    const { ips } = await strangersGuess(admin.email, 1);
    const locked = await login(admin.email, admin.password, ips[0]);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe(MESSAGES.tooManyRequests);
    expect((await login(admin.email, admin.password)).status).toBe(200);

    const [allWrong, oneRight] = freshAddresses(2);
    const statusesFrom = async (ip: string, passwords: string[]) => {
      const statuses: number[] = [];
      for (const password of passwords) statuses.push((await login(admin.email, password, ip)).status);
      return statuses;
    };
    const guesses = Array.from({ length: PER_CLIENT + 1 }, (_, i) => `wrong guess ${i}`);
    const withTheRightOne = guesses.map((guess, i) => (i === 3 ? admin.password : guess));
    expect(await statusesFrom(oneRight!, withTheRightOne)).toEqual(await statusesFrom(allWrong!, guesses));
  });
});

/** A new admin, signed in, with one passkey ("Laptop") of a software authenticator registered. */
async function adminWithPasskey() {
  const admin: Admin = await t.addAdmin();
  const token = await t.adminToken(admin);
  const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
  const options = await t.call("POST", API.passkey.registerOptions, { token, body: { password: admin.password } });
  const registered = await t.call("POST", API.passkey.register, {
    token,
    body: { name: "Laptop", response: authenticator.create(options.body.options) },
  });
  expect(registered.status).toBe(201);
  return { admin, token, authenticator };
}

describe("an admin with a passkey, past the ceiling", { timeout: 120_000 }, () => {
  it("gets the same answer and passkey options for a wrong password, whose attempt the admin's own passkey cannot finish; the right one's it can", async () => {
    const { admin, authenticator } = await adminWithPasskey();
    await overTheCeiling(admin.email);

    const mailsBefore = mailsTo(admin.email);
    const wrong = (await login(admin.email, "not the password")).body.registerDetail as RegisterDetail;
    const right = (await login(admin.email, admin.password)).body.registerDetail as RegisterDetail;
    expect({ ...wrong, _id: "" }).toEqual({ ...right, _id: "" });
    expect(right).toMatchObject({ passkey: true, emailCode: true, codeSent: false });

    const signInOptions = async (id: string) =>
      (await t.call("POST", API.passkey.signInOptions, { body: { _id: id } })).body.options;
    const wrongOptions = await signInOptions(wrong._id);
    const rightOptions = await signInOptions(right._id);
    expect(wrongOptions.allowCredentials).toEqual(rightOptions.allowCredentials);
    const refused = await t.call("POST", API.passkey.signIn, {
      body: { _id: wrong._id, response: authenticator.get(wrongOptions) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.response).toBe(MESSAGES.passkeyNotVerified);
    expect((await resend(wrong._id)).body.message).toBe("OTP Sent Successfully");
    expect(mailsTo(admin.email)).toBe(mailsBefore);

    const session = await t.call("POST", API.passkey.signIn, {
      body: { _id: right._id, response: authenticator.get(rightOptions) },
    });
    expect(session.status).toBe(200);
    expect((await t.call("GET", API.operator.root, { token: session.body.token })).status).toBe(200);
  });
});

describe("an admin's email, past the ceiling", { timeout: 120_000 }, () => {
  it("is not told from an email no admin has, even with a passkey and the emailed code off: the same answers at every step, and no credential ids", async () => {
    const { admin, token, authenticator } = await adminWithPasskey();
    const codesOff = await t.call("POST", API.passkey.fallback, {
      token,
      body: { enabled: false, password: admin.password },
    });
    expect(codesOff.status).toBe(200);
    const unknown = `nobody-${admin.email}`;
    await overTheCeiling(admin.email);
    await overTheCeiling(unknown);

    const stranger = new SoftwareAuthenticator(PUBLIC_URL);
    /** Every answer a stranger with a wrong password gets for `email`, less what is random in each. */
    const answersFor = async (email: string) => {
      const signIn = await login(email, "not the password");
      const { _id: id, ...detail } = signIn.body.registerDetail as RegisterDetail;
      const options = await t.call("POST", API.passkey.signInOptions, { body: { _id: id } });
      const signed = await t.call("POST", API.passkey.signIn, {
        body: { _id: id, response: stranger.get(options.body.options ?? { challenge: "" }) },
      });
      const resent = await resend(id);
      const code = await verify(id, "123456");
      const { challenge, ...offered } = options.body.options ?? {};
      return {
        signIn: { status: signIn.status, detail: { ...detail, email: "" } },
        options: { status: options.status, challenge: typeof challenge, offered },
        passkey: { status: signed.status, body: signed.body },
        resend: { status: resent.status, body: resent.body },
        code: { status: code.status, body: code.body },
      };
    };
    const ofAdmin = await answersFor(admin.email);
    const ofNobody = await answersFor(unknown);
    expect(ofAdmin).toEqual(ofNobody);
    expect(ofAdmin.signIn).toEqual({
      status: 200,
      detail: { email: "", passkey: true, emailCode: true, codeSent: false },
    });
    expect(ofAdmin.options.status).toBe(200);
    expect(JSON.stringify(ofAdmin.options.offered)).not.toContain(authenticator.id);
    expect(ofAdmin.options.offered.allowCredentials ?? []).toEqual([]);
    expect(ofAdmin.resend).toEqual({ status: 200, body: { message: "OTP Sent Successfully" } });
  });
});

describe("an admin with the emailed code off, past the ceiling", { timeout: 120_000 }, () => {
  it("answers the right password's attempt as a wrong one's when a code is asked for or tried (no code mailed); the passkey finishes it", async () => {
    const { admin, token, authenticator } = await adminWithPasskey();
    expect(
      (await t.call("POST", API.passkey.fallback, { token, body: { enabled: false, password: admin.password } }))
        .status,
    ).toBe(200);
    await overTheCeiling(admin.email);
    const mailsBefore = mailsTo(admin.email);

    /** What each step answers on an attempt, less what is random. */
    const answersOn = async (id: string) => {
      const resent = await resend(id);
      const code = await verify(id, "123456");
      return { resend: { status: resent.status, body: resent.body }, code: { status: code.status, body: code.body } };
    };
    const wrong = (await login(admin.email, "not the password")).body.registerDetail as RegisterDetail;
    const right = (await login(admin.email, admin.password)).body.registerDetail as RegisterDetail;
    const ofWrong = await answersOn(wrong._id);
    const ofRight = await answersOn(right._id);
    expect(ofRight).toEqual(ofWrong);
    expect(ofRight.resend).toEqual({ status: 200, body: { message: "OTP Sent Successfully" } });
    expect(ofRight.code.status).toBe(400);
    expect(mailsTo(admin.email)).toBe(mailsBefore);

    const options = (await t.call("POST", API.passkey.signInOptions, { body: { _id: right._id } })).body.options;
    const session = await t.call("POST", API.passkey.signIn, {
      body: { _id: right._id, response: authenticator.get(options) },
    });
    expect(session.status).toBe(200);
  });
});

describe("the password asked again inside a session", { timeout: 120_000 }, () => {
  it("is not locked by strangers: past the ceiling, and from an address they locked, the admin still changes passkeys, emailed codes and the password", async () => {
    const admin: Admin = await t.addAdmin();
    const token = await t.adminToken(admin);
    await overTheCeiling(admin.email);
    const { ips } = await strangersGuess(admin.email, 1);
    const ip = ips[0]!;
    expect((await login(admin.email, admin.password, ip)).status).toBe(429);

    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const options = await t.call("POST", API.passkey.registerOptions, {
      token,
      ip,
      body: { password: admin.password },
    });
    expect(options.status).toBe(200);
    const added = await t.call("POST", API.passkey.register, {
      token,
      ip,
      body: { name: "Laptop", response: authenticator.create(options.body.options) },
    });
    expect(added.status).toBe(201);
    expect(
      (await t.call("POST", API.passkey.fallback, { token, ip, body: { enabled: false, password: admin.password } }))
        .status,
    ).toBe(200);
    expect(
      (await t.call("POST", API.passkey.fallback, { token, ip, body: { enabled: true, password: admin.password } }))
        .status,
    ).toBe(200);
    const deleted = await t.call("POST", API.passkey.delete, {
      token,
      ip,
      body: { id: added.body.data._id, password: admin.password },
    });
    expect(deleted.status).toBe(200);
    const NEW_PASSWORD = "a long new password";
    const changed = await t.call("POST", API.admin.update, {
      token: deleted.body.token,
      ip,
      body: { currentPassword: admin.password, password: NEW_PASSWORD, password2: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
  });
});
