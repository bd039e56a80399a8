import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailbox, startSmtp, type Smtp } from "../../../test/smtp.ts";
import { createMailer } from "./mailer.ts";
import { silentLog } from "../../test/logs.ts";

let dir: string;
let smtp: Smtp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "pli-mail-"));
  smtp = await startSmtp({ dir: path.join(dir, "mail") });
});
afterAll(async () => {
  await smtp?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("mail through SMTP", () => {
  it("goes from MAIL_FROM to its recipient, and reads the same in the server's process and from its folder", async () => {
    const mailer = createMailer(
      { SMTP_URL: smtp.url, MAIL_FROM: "portal@example.com", OUTBOX_DIR: path.join(dir, "outbox") },
      silentLog(),
    );
    await mailer.send({ to: "Admin@Example.com", subject: "Sign-in code", text: "Your sign-in code is 123456." });
    await mailer.send({
      to: "operator@example.com",
      subject: "Reply to your ticket #1: Help",
      text: "Support replied.",
    });

    const folder = mailbox(path.join(dir, "mail"));
    for (const reader of [smtp, folder]) {
      expect(reader.count("admin@example.com")).toBe(1);
      expect(await reader.codeFor("admin@example.com")).toBe("123456");
      expect(await reader.textContaining("operator@example.com", "Support replied.")).toContain(
        "Subject: Reply to your ticket #1: Help",
      );
      expect(reader.textsTo("operator@example.com")[0]).toContain("From: portal@example.com");
    }
  });

  it("shows the settings' application name as the sender, with MAIL_FROM's address", async () => {
    const mailer = createMailer(
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: "PLI Validator Portal <no-reply@example.com>",
        OUTBOX_DIR: path.join(dir, "outbox"),
      },
      silentLog(),
    );
    await mailer.send({ to: "brand@example.com", fromName: "Acme Validators", subject: "Hello", text: "Hi." });

    const from = smtp
      .textsTo("brand@example.com")[0]
      ?.split("\n")
      .find((line) => line.startsWith("From:"));
    expect(from).toContain("Acme Validators");
    expect(from).toContain("<no-reply@example.com>");
    expect(from).not.toContain("PLI Validator Portal");
  });
});
