import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

describe("password hashes", () => {
  it("are made with scrypt at N=16384, r=8, p=1 with a salt of their own, and hold no password", async () => {
    const [first, second] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("correct horse");
  });

  it("check a password at the cost the stored hash names, and refuse a wrong password or a malformed hash", async () => {
    const cheap = await hashPassword("correct horse", { N: 1024, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("correct horse", cheap)).toBe(true);
    expect(await verifyPassword("correct horse", await hashPassword("correct horse"))).toBe(true);
    expect(await verifyPassword("Correct horse", cheap)).toBe(false);
    expect(await verifyPassword("correct horse", "argon2id$1$2$3$c2FsdA==$a2V5")).toBe(false);
    expect(await verifyPassword("correct horse", "scrypt$1024$8$1")).toBe(false);
  });
});
