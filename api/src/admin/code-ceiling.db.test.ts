import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { API, LIMITS, MESSAGES } from "../public-contract/index.ts";
import { LIMITS_BY_ROUTE } from "../rate-limit/index.ts";

let t: TestAppWithSmtp;
/** The SQL the app sends, from when a test starts listening. */
let queries: string[] | undefined;

beforeAll(async () => {
  t = await createTestAppWithSmtp({ onQuery: (query) => queries?.push(query) });
});
afterAll(() => t?.close());

const CODE_CEILING = LIMITS_BY_ROUTE.adminCodeFailures.max;
const ALL_CLIENTS = LIMITS_BY_ROUTE.adminLoginFailuresAllClients;

let nextAddress = 0;
/** An address no other sign-in of this file uses. */
const freshAddress = () => `198.18.200.${++nextAddress}`;

const login = (email: string, password: string) =>
  t.call("POST", API.admin.login, { ip: freshAddress(), body: { email, password } });
const verify = (id: string, otp: string) =>
  t.call("POST", API.admin.verifyOtp, { ip: freshAddress(), body: { _id: id, otp } });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** The account past its ceiling of wrong passwords from all clients: sign-in answers blind. */
const blind = (email: string) =>
  sql`INSERT INTO app.rate_limit (key, window_start, hits) VALUES (${`${ALL_CLIENTS.name}:${email.toLowerCase()}`}, now(), ${ALL_CLIENTS.max})
      ON CONFLICT (key) DO UPDATE SET window_start = now(), hits = ${ALL_CLIENTS.max}`.execute(t.db);
const notBlind = (email: string) =>
  t.db.deleteFrom("app.rate_limit").where("key", "=", `${ALL_CLIENTS.name}:${email.toLowerCase()}`).execute();

/** A sign-in attempt made with the right password (and the code mailed for it). */
async function rightPasswordAttempt(admin: { email: string; password: string }) {
  const before = t.smtp.count(admin.email);
  const answer = await login(admin.email, admin.password);
  expect(answer.status).toBe(200);
  return { id: answer.body.registerDetail._id as string, code: await t.smtp.codeFor(admin.email, before) };
}

describe("wrong sign-in codes", { timeout: 120_000 }, () => {
  it("count toward the admin's ceiling across attempts and addresses when the attempt's password was right, and never when it was wrong", async () => {
    const admin = await t.addAdmin();
    await blind(admin.email);
    for (let stranger = 0; stranger < 4; stranger++) {
      const attempt = await login(admin.email, `a stranger's guess ${stranger}`);
      expect(attempt.status).toBe(200);
      for (let i = 0; i < LIMITS.otpMaxAttempts; i++)
        expect((await verify(attempt.body.registerDetail._id, String(100000 + i))).status).toBe(400);
    }
    await notBlind(admin.email);

    const first = await rightPasswordAttempt(admin);
    for (let i = 0; i < LIMITS.otpMaxAttempts; i++)
      expect((await verify(first.id, otherCode(first.code))).status).toBe(400);
    const second = await rightPasswordAttempt(admin);
    for (let i = 0; i < CODE_CEILING - LIMITS.otpMaxAttempts - 1; i++)
      expect((await verify(second.id, otherCode(second.code))).status).toBe(400);
    expect((await verify(second.id, second.code)).status, "the right code is taken, and costs nothing").toBe(200);
    const third = await rightPasswordAttempt(admin);
    expect((await verify(third.id, otherCode(third.code))).status).toBe(400);

    const refused = await verify(third.id, third.code);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(MESSAGES.tooManyRequests);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("a code on a blind attempt", () => {
  it("takes the same database work whichever password started the attempt, so its time tells nothing", async () => {
    const admin = await t.addAdmin();
    await blind(admin.email);
    const work = async (password: string) => {
      const attempt = await login(admin.email, password);
      expect(attempt.status).toBe(200);
      queries = [];
      const answer = await verify(attempt.body.registerDetail._id, "123456");
      const sent = queries;
      queries = undefined;
      return { status: answer.status, body: answer.body, queries: sent.length };
    };
    const right = await work(admin.password);
    const wrong = await work("a stranger's guess");
    expect(wrong.status).toBe(400);
    expect(wrong).toEqual(right);
  });
});
