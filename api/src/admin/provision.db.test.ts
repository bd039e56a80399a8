import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../../test/cli.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";

let t: TestAppWithSmtp;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
});
afterAll(() => t?.close());

const adminCreate = (...args: string[]) => runScript("admin-create", args, { DATABASE_URL: t.config.DATABASE_URL });

describe("npm run admin:create", () => {
  it("creates an admin whose printed password signs in, and refuses a second admin with the same email", async () => {
    const { stdout } = await adminCreate("--email", "New.Admin@Example.com", "--name", "New Admin");
    const password = /Password: (\S+)/.exec(stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const row = await t.db
      .selectFrom("app.admin")
      .selectAll()
      .where("email", "=", "new.admin@example.com")
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(password);
    expect(await t.adminToken({ email: "new.admin@example.com", password: password! })).toBeTruthy();
    await expect(adminCreate("--email", "new.admin@example.com")).rejects.toMatchObject({
      stderr: expect.stringContaining("already exists"),
    });
  });

  it("refuses a missing or malformed email", async () => {
    await expect(adminCreate()).rejects.toMatchObject({ code: 2 });
    await expect(adminCreate("--email", "not-an-email")).rejects.toMatchObject({
      stderr: expect.stringContaining("email"),
    });
  });
});
