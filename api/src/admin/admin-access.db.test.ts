import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../../test/cli.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { API } from "../public-contract/index.ts";

/** `npm run admin:disable` and `admin:enable`: an admin who leaves loses access without a database edit. */
let t: TestAppWithSmtp;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
});
afterAll(() => t?.close());

const access = (mode: "--disable" | "--enable", email: string) =>
  runScript("admin-access", [mode, "--email", email], { DATABASE_URL: t.config.DATABASE_URL });
const login = (admin: { email: string; password: string }, password = admin.password) =>
  t.call("POST", API.admin.login, { body: { email: admin.email, password } });

describe("npm run admin:disable / admin:enable", () => {
  it("ends a disabled admin's sessions and answers their password as a wrong one, until enabled again", async () => {
    const leaving = await t.addAdmin();
    const staying = await t.addAdmin();
    const token = await t.adminToken(leaving);
    const other = await t.adminToken(staying);
    const wrong = await login(leaving, `${leaving.password}-wrong`);

    const { stdout } = await access("--disable", leaving.email.toUpperCase());
    expect(stdout).toContain(`Admin ${leaving.email} is disabled`);
    await expect
      .poll(async () => (await t.call("GET", API.passkey.root, { token })).status, { timeout: 5000 })
      .toBe(401);
    expect((await t.call("GET", API.passkey.root, { token: other })).status, "another admin's session").toBe(200);
    const refused = await login(leaving);
    expect({ status: refused.status, body: refused.body }, "as a wrong password, telling nothing more").toEqual({
      status: wrong.status,
      body: wrong.body,
    });
    const audit = await t.db
      .selectFrom("app.audit_record")
      .select(["action", "client_address", "after"])
      .where("record_id", "=", leaving.id)
      .execute();
    expect(audit).toContainEqual({ action: "admin.access", client_address: "cli", after: { enabled: false } });

    expect((await access("--enable", leaving.email)).stdout).toContain(`Admin ${leaving.email} may sign in.`);
    expect((await login(leaving)).status).toBe(200);
  });

  it("never disables the last admin who can sign in", async () => {
    const admins = await t.db.selectFrom("app.admin").select("email").where("disabled_at", "is", null).execute();
    const [last, ...others] = admins.map((row) => row.email);
    for (const email of others) await access("--disable", email);
    const refused = await access("--disable", last!).catch((error: { stderr: string; code: number }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("is the last admin who can sign in");
    const still = await t.db.selectFrom("app.admin").select("email").where("disabled_at", "is", null).execute();
    expect(still.map((row) => row.email)).toEqual([last]);
  });
});
