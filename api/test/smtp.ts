import { SMTPServer } from "smtp-server";
import { freePort } from "../../scripts/lib/ports.ts";
import { waitFor } from "../../scripts/lib/wait.ts";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** An SMTP reply that refuses for now: 421 closes the connection at the greeting, any other code refuses the sender. */
const temporaryRefusal = (code: number) => Object.assign(new Error(code === 421 ? "Too many connections, try again later" : "Throttled, try again later"), { responseCode: code });

/**
 * A real SMTP server in the test process that keeps every message it receives. It can throttle as a
 * real one does: `refuseNext` answers the next attempts with the given temporary codes, `refuseAll`
 * every attempt until `accept`; `attempts` counts the attempts it saw (connections, and senders).
 */
export async function startSmtp() {
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
