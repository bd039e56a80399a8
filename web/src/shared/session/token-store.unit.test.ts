import { describe, expect, it } from "vitest";
import { decodeSession } from "./token-store";

const token = (claims: object) => `header.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.signature`;
const now = 1_800_000_000;

describe("decodeSession", () => {
  it("restores the claims of an unexpired token", () => {
    const claims = { sub: "1", userType: "user", walletAddress: "0xabc", name: "n", email: "e", exp: now + 60 };
    expect(decodeSession(token(claims), now)).toEqual(claims);
  });

  it("treats an expired token as signed out (exp compared in seconds)", () => {
    expect(decodeSession(token({ sub: "1", userType: "admin", name: "", email: "", exp: now }), now)).toBeNull();
    expect(decodeSession(token({ sub: "1", userType: "admin", name: "", email: "", exp: now - 1 }), now)).toBeNull();
  });

  it("refuses garbage, a missing exp and an unknown userType", () => {
    expect(decodeSession("not-a-token", now)).toBeNull();
    expect(decodeSession(null, now)).toBeNull();
    expect(decodeSession(token({ sub: "1", userType: "user" }), now)).toBeNull();
    expect(decodeSession(token({ sub: "1", userType: "root", exp: now + 60 }), now)).toBeNull();
  });
});
