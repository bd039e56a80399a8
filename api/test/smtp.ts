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
    /** The 6-digit code of the newest mail to `to` received after `after` mails had arrived. */
    async codeFor(to: string, after = 0): Promise<string> {
      const mail = await waitFor(`a mail to ${to}`, () => mails.slice(after).reverse().find((m) => m.to.includes(to.toLowerCase())), { timeoutMs: 10_000, intervalMs: 20 });
      const code = /sign-in code is (\d{6})/.exec(mail.raw.replace(/=\r?\n/g, ""))?.[1];
      if (!code) throw new Error(`no code in mail:\n${mail.raw}`);
      return code;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;
