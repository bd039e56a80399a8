import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { freePort } from "../scripts/lib/ports.ts";
import { waitFor } from "../scripts/lib/wait.ts";
import { signInCodeIn } from "./sessions.ts";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A mail as text: quoted-printable soft breaks joined and folded header lines unfolded. */
const textOf = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, "").replace(/\r?\n[ \t]+/g, " ");

/** Reads mails by recipient from wherever they are kept (`all` answers every mail so far, oldest first). */
function readerOf(all: () => ReceivedMail[]) {
  const mailsTo = (to: string) => all().filter((mail) => mail.to.includes(to.toLowerCase()));
  return {
    /** How many mails `to` has received so far. */
    count: (to: string) => mailsTo(to).length,
    /** Every mail to `to` so far, oldest first, as text. */
    textsTo: (to: string) => mailsTo(to).map(textOf),
    /** The text of the first mail to `to` that contains `text`, waiting for it to arrive. */
    textContaining: (to: string, text: string): Promise<string> =>
      waitFor(
        `a mail to ${to} with ${text}`,
        () =>
          mailsTo(to)
            .map(textOf)
            .find((mail) => mail.includes(text)),
        { timeoutMs: 20_000, intervalMs: 50 },
      ),
    /**
     * The 6-digit code of the newest sign-in mail to `to` after the first `after` mails to them (other mails, such as
     * ticket notices, are passed over).
     */
    codeFor: (to: string, after = 0): Promise<string> =>
      waitFor(
        `a sign-in code mailed to ${to}`,
        () =>
          mailsTo(to)
            .slice(after)
            .map((mail) => signInCodeIn(mail.raw))
            .filter(Boolean)
            .at(-1),
        { timeoutMs: 10_000, intervalMs: 20 },
      ),
  };
}

/** An SMTP reply that refuses for now: 421 closes the connection at the greeting, any other code refuses the sender. */
const temporaryRefusal = (code: number) =>
  Object.assign(new Error(code === 421 ? "Too many connections, try again later" : "Throttled, try again later"), {
    responseCode: code,
  });

/**
 * A real SMTP server in this process that keeps every message it receives, for the API's tests and
 * the browser tests alike. With `dir`, each mail is also written there as a file, so test files in
 * other processes read them with `mailbox(dir)` (the browser tests' server runs in Vitest's global
 * setup). It can throttle as a real one does: `refuseNext` answers the next attempts with the given
 * temporary codes, `refuseAll` every attempt until `accept`; `attempts` counts the attempts it saw
 * (connections, and senders).
 */
export async function startSmtp({ dir }: { dir?: string } = {}) {
  if (dir) mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  const refusals: number[] = [];
  let refuseAllWith: number | null = null;
  const attempts = { count: 0 };
  /** The refusal for this attempt at this stage, if any (each queued refusal is used once). */
  const refusalAt = (stage: "connect" | "sender") => {
    const code = refuseAllWith ?? refusals[0];
    if (code === undefined || (code === 421) !== (stage === "connect")) return null;
    if (refuseAllWith === null) refusals.shift();
    return temporaryRefusal(code);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onConnect(_session, callback) {
      attempts.count++;
      callback(refusalAt("connect") ?? undefined);
    },
    onMailFrom(_address, _session, callback) {
      callback(refusalAt("sender") ?? undefined);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        const mail: ReceivedMail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw };
        mails.push(mail);
        if (dir)
          writeFileSync(
            path.join(dir, `${Date.now()}-${String(mails.length).padStart(6, "0")}.json`),
            JSON.stringify(mail),
          );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    ...readerOf(() => mails),
    refuseNext: (...codes: number[]) => void refusals.push(...codes),
    refuseAll: (code: number) => void (refuseAllWith = code),
    accept: () => {
      refuseAllWith = null;
      refusals.length = 0;
    },
    attempts,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** Reads the mails a server started with `dir` has written there, from any process. */
export function mailbox(dir: string) {
  return readerOf(() =>
    readdirSync(dir)
      .sort()
      .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as ReceivedMail),
  );
}
