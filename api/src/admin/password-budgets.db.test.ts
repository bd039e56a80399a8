import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { API, MESSAGES } from "../public-contract/index.ts";
import { LIMITS_BY_ROUTE } from "../rate-limit/index.ts";
import { adminSession } from "./session.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SESSION_BUDGET = LIMITS_BY_ROUTE.adminSessionPasswordFailures.max;
const PER_CLIENT = LIMITS_BY_ROUTE.adminLoginFailures.max;
const CEILING = LIMITS_BY_ROUTE.adminLoginFailuresAllClients.max;

/** A new admin and a session of theirs, as the code step would issue it. */
async function signedInAdmin() {
  const admin = await t.addAdmin();
  return { admin, token: await adminSession(t.config, admin) };
}

/** A password asked again inside the session (passkey registration's first step), with `authorization` as sent. */
const reauth = (authorization: string, password: string) =>
  t.call("POST", API.passkey.registerOptions, { headers: { authorization }, body: { password } });

const statusCounts = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

const login = (email: string, password: string, ip: string) =>
  t.call("POST", API.admin.login, { ip, body: { email, password } });

describe("the password asked again inside an admin session", { timeout: 120_000 }, () => {
  it("gives a session its budget of wrong passwords however the Authorization header is spelled, then 429 with Retry-After; the right one costs nothing", async () => {
    const { admin, token } = await signedInAdmin();
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, `Bearer\t${token}`];
    const spelled = (i: number) => spellings[i % spellings.length]!;
    const answers = [];
    for (let i = 0; i < SESSION_BUDGET - 1; i++) answers.push(await reauth(spelled(i), `wrong guess ${i}`));
    expect((await reauth(spelled(SESSION_BUDGET), admin.password)).status, "the right one within the budget").toBe(200);
    for (let i = SESSION_BUDGET - 1; i < 30; i++) answers.push(await reauth(spelled(i), `wrong guess ${i}`));
    expect(answers.slice(0, SESSION_BUDGET).map((answer) => answer.status)).toEqual(
      Array<number>(SESSION_BUDGET).fill(400),
    );
    expect(answers[0]!.body.errors.password).toBe(MESSAGES.wrongPassword);
    for (const refused of answers.slice(SESSION_BUDGET)) {
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(MESSAGES.tooManyRequests);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect((await reauth(`Bearer ${token}`, admin.password)).status, "past the budget even the right one").toBe(429);
    const other = await adminSession(t.config, admin);
    expect((await reauth(`Bearer ${other}`, admin.password)).status, "another session has its own").toBe(200);
  });

  it("checks only the budget's number of a burst sent at once; the rest are refused unchecked", async () => {
    const { token } = await signedInAdmin();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => reauth(`Bearer ${token}`, `wrong guess ${i}`)),
    );
    const counts = statusCounts(answers);
    expect(counts[400]).toBe(SESSION_BUDGET);
    expect(counts[429]).toBe(40 - SESSION_BUDGET);
  });
});

describe("the admin sign-in's password budgets", { timeout: 120_000 }, () => {
  it("check only an address's budget of a burst of wrong passwords sent at once", async () => {
    const admin = await t.addAdmin();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(admin.email, `wrong guess ${i}`, "198.51.100.40")),
    );
    const counts = statusCounts(answers);
    expect(counts[400]).toBe(PER_CLIENT);
    expect(counts[429]).toBe(40 - PER_CLIENT);
    expect((await login(admin.email, admin.password, "198.51.100.41")).status).toBe(200);
  });

  it("answer blind every password of a burst from many addresses past the account's ceiling", async () => {
    const admin = await t.addAdmin();
    const short = 5;
    await sql`INSERT INTO app.rate_limit (key, window_start, hits)
      VALUES (${`${LIMITS_BY_ROUTE.adminLoginFailuresAllClients.name}:${admin.email.toLowerCase()}`}, now(), ${CEILING - short})`.execute(
      t.db,
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(admin.email, `wrong guess ${i}`, `198.51.101.${i + 1}`)),
    );
    const counts = statusCounts(answers);
    expect(counts[400], "told wrong").toBe(short);
    expect(counts[200], "answered blind").toBe(20 - short);
  });
});

describe("an IPv6 client's budgets", { timeout: 120_000 }, () => {
  /** Spends the rest (`left`) of the address's budget of wrong passwords for `email`. */
  const spend = async (email: string, ip: string, left: number = PER_CLIENT) => {
    for (let i = 0; i < left; i++) expect((await login(email, `wrong ${i}`, ip)).status).toBe(400);
    expect((await login(email, "wrong", ip)).status).toBe(429);
  };

  it("are shared by every address of its /64, however written, and by no other /64; the right password costs nothing", async () => {
    const admin = await t.addAdmin();
    for (let i = 0; i < PER_CLIENT - 1; i++)
      expect((await login(admin.email, `wrong ${i}`, `2001:db8:1:2::${i}`)).status).toBe(400);
    expect((await login(admin.email, admin.password, "2001:db8:1:2::ff")).status).toBe(200);
    await spend(admin.email, "2001:db8:1:2::a", 1);
    expect((await login(admin.email, admin.password, "2001:db8:1:2:ffff:ffff:ffff:fffe")).status).toBe(429);
    expect((await login(admin.email, admin.password, "2001:DB8:1:2:0:0:0:b")).status).toBe(429);
    expect((await login(admin.email, admin.password, "2001:db8:1:3::a")).status).toBe(200);
    expect((await login(admin.email, admin.password, "2001:db8:2:2::a")).status).toBe(200);
  });

  it("leave IPv4 clients one budget per address, an IPv4-mapped IPv6 address being its IPv4 one", async () => {
    const admin = await t.addAdmin();
    await spend(admin.email, "::ffff:198.51.100.7");
    expect((await login(admin.email, admin.password, "198.51.100.7")).status).toBe(429);
    expect((await login(admin.email, admin.password, "::ffff:198.51.100.8")).status).toBe(200);
    expect((await login(admin.email, admin.password, "198.51.100.9")).status).toBe(200);
  });
});
