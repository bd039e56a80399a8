import { SMTPServer } from "smtp-server";
import { freePort } from "../../scripts/lib/ports.ts";
import { waitFor } from "../../scripts/lib/wait.ts";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server in the test process that keeps every message it receives. */
export async function startSmtp() {
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Every mail to `to` so far, oldest first, as text: quoted-printable soft breaks joined and folded header lines unfolded. */
    textsTo: (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase())).map((m) => m.raw.replace(/=\r?\n/g, "").replace(/\r?\n[ \t]+/g, " ")),
    /** The 6-digit code of the newest sign-in mail to `to` received after `after` mails had arrived (other mails are passed over). */
    codeFor: (to: string, after = 0): Promise<string> =>
      waitFor(
        `a sign-in code mailed to ${to}`,
        () =>
          mails
            .slice(after)
            .filter((m) => m.to.includes(to.toLowerCase()))
            .map((m) => /sign-in code is (\d{6})/.exec(m.raw.replace(/=\r?\n/g, ""))?.[1])
            .filter(Boolean)
            .at(-1),
        { timeoutMs: 10_000, intervalMs: 20 },
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;
