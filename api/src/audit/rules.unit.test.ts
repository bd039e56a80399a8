import { describe, expect, it } from "vitest";
import { changedOnly, withoutSecrets } from "./rules.ts";

describe("withoutSecrets", () => {
  it("drops password hashes, TOTP secrets, tokens, codes and passkey key material at any depth", () => {
    expect(
      withoutSecrets({
        name: "Admin",
        password_hash: "$argon2id$",
        totp_secret: "JBSWY3DP",
        token: "eyJ",
        otp: "123456",
        passkeys: [{ name: "Laptop", publicKey: "pk", credentialId: "id" }],
        emailCodeFallback: true,
        txHash: "0xab",
      }),
    ).toEqual({ name: "Admin", passkeys: [{ name: "Laptop" }], emailCodeFallback: true, txHash: "0xab" });
  });
});

describe("changedOnly", () => {
  it("keeps only the keys whose values differ, on both sides", () => {
    expect(changedOnly({ name: "a", cost: "1", notes: "" }, { name: "b", cost: "1", notes: "" })).toEqual({
      before: { name: "a" },
      after: { name: "b" },
    });
  });
});
