import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES, USER_TYPE } from "../public-contract/index.ts";
import { signSession, verifySession } from "./session.ts";

const SECRET = "unit-secret-unit-secret-unit-secret-0001";
const OTHER = "unit-secret-unit-secret-unit-secret-0002";
const claims = {
  sub: "6c1f7a4e-0000-4000-8000-000000000002",
  userType: USER_TYPE.admin,
  name: "Admin",
  email: "admin@example.com",
  ver: 1,
};

afterEach(() => vi.useRealTimers());

describe("session tokens", () => {
  it("refuses a token once it expires, also after it was verified (and remembered) before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await signSession(claims, SECRET, 60);
    expect(await verifySession(token, SECRET)).toMatchObject({ sub: claims.sub, ver: 1 });
    vi.setSystemTime(Date.now() + 61_000);
    await expect(verifySession(token, SECRET)).rejects.toMatchObject({ message: MESSAGES.sessionExpired });
  });

  it("refuses a remembered token under another secret, and a tampered one", async () => {
    const token = await signSession(claims, SECRET, 60);
    await verifySession(token, SECRET);
    await expect(verifySession(token, OTHER)).rejects.toMatchObject({ message: MESSAGES.unauthorized });
    const [header, , signature] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...claims, userType: USER_TYPE.admin, exp: Math.floor(Date.now() / 1000) + 60 }),
    ).toString("base64url");
    await expect(verifySession(`${header}.${forged}.${signature}`, SECRET)).rejects.toMatchObject({
      message: MESSAGES.unauthorized,
    });
  });
});
