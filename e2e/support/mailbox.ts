import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { freePort } from "../../scripts/lib/ports.ts";
import { waitFor } from "../../scripts/lib/wait.ts";
import { signInCodeIn } from "../../test/sessions.ts";

interface StoredMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server for the browser tests' shared stack. It runs in Vitest's global setup, so each mail
 * is written as a file into `dir`, where every test file can read it.
 */
export async function startMailServer(dir: string) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        const mail: StoredMail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw };
        writeFileSync(path.join(dir, `${Date.now()}-${String(++count).padStart(6, "0")}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Reads the mails the shared stack sent, by recipient. */
export function mailbox(dir: string) {
  const mailsTo = (to: string): StoredMail[] =>
    readdirSync(dir)
      .sort()
      .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as StoredMail)
      .filter((mail) => mail.to.includes(to.toLowerCase()));
  return {
    /** How many mails `to` has received so far. */
    count: (to: string) => mailsTo(to).length,
    /** The text of the first mail to `to` (soft line breaks joined) that contains `text`, waiting for it to arrive. */
    async textContaining(to: string, text: string): Promise<string> {
      const unfolded = () => mailsTo(to).map((mail) => mail.raw.replace(/=\r?\n/g, ""));
      return waitFor(`a mail to ${to} with ${text}`, () => unfolded().find((raw) => raw.includes(text)), { timeoutMs: 20_000, intervalMs: 100 });
    },
    /** The 6-digit code of the newest sign-in mail to `to` after the first `after` mails to them (other mails, such as ticket notices, are passed over). */
    codeFor: (to: string, after = 0): Promise<string> =>
      waitFor(`a sign-in code mailed to ${to}`, () => mailsTo(to).slice(after).map((mail) => signInCodeIn(mail.raw)).filter(Boolean).at(-1), { timeoutMs: 10_000, intervalMs: 50 }),
  };
}
