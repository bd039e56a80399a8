import { describe, expect, it } from "vitest";
import { captureLogs } from "../../test/logs.ts";

describe("logger", () => {
  it("writes one JSON line per call with the message and fields, and an error's stack under err", () => {
    const logs = captureLogs();
    logs.log.error({ err: new Error("disk full"), job: "mail" }, "scheduled job failed");
    const [line] = logs.lines();
    expect(line).toMatchObject({ level: 50, msg: "scheduled job failed", job: "mail", err: { message: "disk full" } });
    expect((line!.err as { stack: string }).stack).toContain("logger.unit.test.ts");
    expect(logs.text().endsWith("\n")).toBe(true);
  });

  it("replaces the value of every secret key at any depth: headers, passwords, codes, TOTP secrets, tokens, passkey material", () => {
    const logs = captureLogs();
    logs.log.warn(
      {
        headers: { Authorization: "Bearer eyJhbGciOi.session", cookie: "sid=cookie-value" },
        attempt: {
          password: "hunter2-password",
          newPassword: "hunter3-password",
          otp: "493021",
          code: "118822",
          totpSecret: "JBSWY3DPEHPK3PXP",
          token: "refresh-token-value",
          credential: { publicKey: "passkey-public-key" },
          signature: "0xsiwe-signature",
        },
        list: [{ secret: "in-a-list" }],
        accountId: "kept-account-id",
      },
      "a line with secrets in its fields",
    );
    const text = logs.text();
    for (const secret of [
      "eyJhbGciOi.session",
      "cookie-value",
      "hunter2-password",
      "hunter3-password",
      "493021",
      "118822",
      "JBSWY3DPEHPK3PXP",
      "refresh-token-value",
      "passkey-public-key",
      "0xsiwe-signature",
      "in-a-list",
    ])
      expect(text).not.toContain(secret);
    expect(logs.lines()[0]).toMatchObject({
      accountId: "kept-account-id",
      headers: { Authorization: "[redacted]" },
      attempt: { password: "[redacted]", otp: "[redacted]" },
    });
  });
});
