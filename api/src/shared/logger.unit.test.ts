import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
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
  it("leaves the caller's fields as they were, secret or not, and writes a line without secrets in full", () => {
    const logs = captureLogs();
    const fields = { attempt: { password: "hunter2-password", tries: 2 }, list: [{ token: "t" }, { kept: 1 }] };
    const plain = { id: "request-id", route: "/api/nodesetting", status: 200, nested: { role: "admin" } };
    logs.log.info(fields, "with secrets");
    logs.log.info(plain, "without secrets");
    expect(fields).toEqual({
      attempt: { password: "hunter2-password", tries: 2 },
      list: [{ token: "t" }, { kept: 1 }],
    });
    const [withSecrets, withoutSecrets] = logs.lines();
    expect(withSecrets).toMatchObject({
      attempt: { password: "[redacted]", tries: 2 },
      list: [{ token: "[redacted]" }, { kept: 1 }],
    });
    expect(withoutSecrets).toMatchObject(plain);
  });
});

/** Each case starts a Node process of its own: seconds on a busy machine. */
describe("the logger writing to stdout", { timeout: 30_000 }, () => {
  /** Runs `body` in a child process with the production logger (`log`) and answers what it printed to stdout. */
  /** The lines a process running `body` prints; with `readAfterMs`, its stdout is not read for that long at first. */
  const printed = (body: string, { timeoutMs = 20_000, readAfterMs = 0 } = {}) =>
    new Promise<{ lines: string[]; code: number | null }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `import { createLogger } from ${JSON.stringify(fileURLToPath(new URL("./logger.ts", import.meta.url)))};
           const log = createLogger({ level: "info" });
           ${body}`,
        ],
        { stdio: ["ignore", "pipe", "ignore"] },
      );
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      if (readAfterMs > 0) {
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), readAfterMs);
      }
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ lines: out.split("\n").filter(Boolean), code });
      });
    });

  it("leaves no exit listener behind once its lines are handed on, nor for a silent logger", async () => {
    const { lines } = await printed(`
      const before = process.listenerCount("exit");
      for (let n = 0; n < 20; n++) createLogger({ level: "silent" }).info("never written");
      log.info({ n: 1 }, "gathered");
      const gathered = process.listenerCount("exit");
      setTimeout(() => {
        console.log(JSON.stringify({ msg: "counts", before, gathered, after: process.listenerCount("exit") }));
        process.kill(process.pid, "SIGKILL");
      }, 1500);
    `);
    const counts = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === "counts");
    expect(counts).toMatchObject({ gathered: (counts!.before as number) + 1, after: counts!.before });
  });

  it("prints a quiet instance's line within about a second, while the process keeps running", async () => {
    const { lines } = await printed(`
      log.info({ n: 1 }, "quiet line");
      setTimeout(() => process.kill(process.pid, "SIGKILL"), 2500);
    `);
    expect(lines.map((line) => JSON.parse(line) as { msg: string })).toMatchObject([{ msg: "quiet line" }]);
  });

  it("prints every line logged before the process exits or crashes, in order", async () => {
    const exited = await printed(`for (let n = 0; n < 50; n++) log.info({ n }, "before exit"); process.exit(3);`);
    expect(exited.code).toBe(3);
    expect(exited.lines).toHaveLength(50);
    // Several batches' worth, the last of them not handed on when the process exits.
    const many = await printed(`for (let n = 0; n < 500; n++) log.info({ n }, "before exit"); process.exit(3);`);
    expect(many.lines.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual([...Array(500).keys()]);
    const crashed = await printed(
      `for (let n = 0; n < 50; n++) log.error({ n }, "before crash"); setTimeout(() => { throw new Error("boom"); });`,
    );
    expect(crashed.code).toBe(1);
    expect(crashed.lines).toHaveLength(50);
  });

  it("prints them all, in order, while Node's thread pool is busy (password hashes) when the process exits", async () => {
    const busy = await printed(
      `const { pbkdf2 } = process.getBuiltinModule("node:crypto");
       for (let i = 0; i < 4; i++) pbkdf2("password", "salt", 500_000, 64, "sha512", () => undefined);
       for (let n = 0; n < 500; n++) log.info({ n }, "before exit");
       process.exit(3);`,
    );
    expect(busy.code).toBe(3);
    expect(busy.lines.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual([...Array(500).keys()]);
  });

  it("prints the lines still gathered at exit to a reader that lags behind, past a full pipe on a non-blocking stdout", async () => {
    const lagging = await printed(
      `import { writeSync } from "node:fs";
       process.stdout.on("error", () => undefined);
       try {
         for (;;) writeSync(1, "#".repeat(4095) + "\\n");
       } catch {}
       for (let n = 0; n < 10; n++) log.info({ n }, "before exit");
       process.exit(3);`,
      { readAfterMs: 1000 },
    );
    expect(lagging.code).toBe(3);
    // A filling write the pipe took only part of leaves its line without an end: the first log line follows it.
    const logged = lagging.lines.filter((line) => line.includes("{")).map((line) => line.slice(line.indexOf("{")));
    expect(logged.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual([...Array(10).keys()]);
  });
});
