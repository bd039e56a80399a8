import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../../test/cli.ts";
import { createTestAppWithSmtp, PUBLIC_URL, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { SoftwareAuthenticator } from "../../test/webauthn.ts";
import { API } from "../public-contract/index.ts";

let t: TestAppWithSmtp;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
});
afterAll(() => t?.close());

const resetSecondFactor = (...args: string[]) =>
  runScript("admin-reset-second-factor", args, { DATABASE_URL: t.config.DATABASE_URL });

/** A signed-in admin with a passkey under each of `names`, and emailed codes switched off. */
async function adminLockedToPasskeys(names: string[]) {
  const admin = await t.addAdmin();
  const token = await t.adminToken(admin);
  for (const name of names) {
    const options = await t.call("POST", API.passkey.registerOptions, { token, body: { password: admin.password } });
    const added = await t.call("POST", API.passkey.register, {
      token,
      body: { name, response: new SoftwareAuthenticator(PUBLIC_URL).create(options.body.options) },
    });
    expect(added.status).toBe(201);
  }
  expect(
    (await t.call("POST", API.passkey.fallback, { token, body: { enabled: false, password: admin.password } })).status,
  ).toBe(200);
  return { admin, token };
}

const passwordStep = async (admin: { email: string; password: string }) =>
  (await t.call("POST", API.admin.login, { body: { email: admin.email, password: admin.password } })).body
    .registerDetail as { passkey: boolean; emailCode: boolean; codeSent: boolean };

describe("npm run admin:reset-second-factor", () => {
  it("removes the admin's passkeys, turns emailed codes back on and ends their sessions, printing it; the admin signs in with password and emailed code", async () => {
    const { admin, token: before } = await adminLockedToPasskeys(["Laptop", "Phone"]);
    const bystander = await adminLockedToPasskeys(["Security key"]);
    expect(await passwordStep(admin)).toMatchObject({ passkey: true, emailCode: false, codeSent: false });

    const { stdout } = await resetSecondFactor("--email", admin.email.toUpperCase());
    expect(stdout).toContain(`Admin ${admin.email}`);
    expect(stdout).toContain("Removed 2 passkey(s): Laptop, Phone.");
    expect(stdout).toContain("Emailed sign-in codes are on again.");
    expect(stdout).toContain("Their open sessions are ended.");
    await expect
      .poll(async () => (await t.call("GET", API.passkey.root, { token: before })).status, { timeout: 5000 })
      .toBe(401);

    expect(await passwordStep(admin)).toMatchObject({ passkey: false, emailCode: true, codeSent: true });
    const token = await t.adminToken(admin);
    expect((await t.call("GET", API.passkey.root, { token })).body).toEqual({ passkeys: [], emailCodeFallback: true });
    expect((await t.call("GET", API.passkey.root, { token: bystander.token })).body).toMatchObject({
      passkeys: [{ name: "Security key" }],
      emailCodeFallback: false,
    });

    const again = await resetSecondFactor("--email", admin.email);
    expect(again.stdout).toContain("No passkeys to remove.");
    expect(again.stdout).toContain("Emailed sign-in codes were already on.");
  });

  it("refuses an unknown email, a malformed one and none, changing nothing", async () => {
    const { token } = await adminLockedToPasskeys(["Laptop"]);
    await expect(resetSecondFactor("--email", "nobody@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No admin has the email nobody@example.com"),
    });
    await expect(resetSecondFactor("--email", "not-an-email")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("email"),
    });
    await expect(resetSecondFactor()).rejects.toMatchObject({ code: 2 });
    expect((await t.call("GET", API.passkey.root, { token })).body).toMatchObject({
      passkeys: [{ name: "Laptop" }],
      emailCodeFallback: false,
    });
  });
});
