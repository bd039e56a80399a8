import { writeSync } from "node:fs";
import { pino, type DestinationStream, type Level, type LevelWithSilent, type Logger } from "pino";
import { SECRET_KEY } from "./secret-keys.ts";

/** The API's structured logger (pino): `log.info({ fields }, "message")`, one JSON line each. */
export type Log = Logger;
export type LogLevel = Level;

const REDACTED = "[redacted]";
/** The audit trail's secret keys, and the headers that carry a session or a cookie. */
const LOG_SECRET_KEY = new RegExp(`${SECRET_KEY.source}|authorization|cookie`, "i");
const MAX_DEPTH = 6;

/**
 * `fields` with the value of every secret key replaced, at any depth: a guard behind the rule that bodies and headers
 * are never logged (pino's `redact` needs every path spelled out; a field named `otp` may turn up anywhere). An object
 * or array is copied only when something in it is replaced, never changed in place: a request's line, which has no
 * secret, is written as it was given instead of being rebuilt on every request.
 */
function redacted(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const entry: unknown = value[index];
      const kept = redacted(entry, depth + 1);
      if (kept !== entry) (copy ??= [...value])[index] = kept;
    }
    return copy ?? value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let entries: unknown[] | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const entry = record[key];
    const kept = LOG_SECRET_KEY.test(key) ? REDACTED : redacted(entry, depth + 1);
    if (kept !== entry) (entries ??= keys.map((other) => record[other]))[index] = kept;
  }
  return entries ? Object.fromEntries(keys.map((key, index) => [key, entries[index]])) : record;
}

/** Characters of log lines gathered before stdout is written, and the longest a line waits for them. */
const STDOUT_BATCH_CHARS = 4096;
const STDOUT_FLUSH_MS = 1000;

/** How long the lines left at exit wait for a full stdout to take them before they are given up. */
const EXIT_WRITE_WAIT_MS = 10_000;

/**
 * Writes `text` to stdout before returning, as an exit listener must. Once anything has touched process.stdout, a pipe
 * on fd 1 is non-blocking: a write to a reader that lags behind (a log collector while the process crashes) fails with
 * EAGAIN or takes part of the text, so the rest is written again until it is all out or EXIT_WRITE_WAIT_MS have
 * passed. Not through pino's destination: its synchronous flush leaves out a write it has in flight.
 */
function writeAllSync(text: string): void {
  let rest = Buffer.from(text);
  const deadline = Date.now() + EXIT_WRITE_WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN" || Date.now() > deadline) return;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}

/**
 * stdout, written a batch of lines at a time: one write per line (a request's line included) cost a busy API more
 * than the rest of a list answered from the answer cache. The lines are gathered here and handed to pino's destination
 * a batch at a time: gathering them itself (its minLength), it measured the UTF-8 length of all it held on every line,
 * which cost a request's line more than making it. A quiet instance's lines still leave within STDOUT_FLUSH_MS.
 * The destination writes each batch at once, on this thread (one system call a batch): written from Node's thread pool
 * instead, a batch still waiting there when the process exits (the pool busy with password hashes) came out after the
 * lines written at exit, or not at all. A reader that stops reading (a stalled log collector) holds the process at its
 * next batch, as pino's default destination does, rather than its lines piling up in memory. At exit pino writes what
 * its destination holds (its exit handler, registered when the destination is made, runs first), then the lines still
 * gathered here follow.
 */
function batchedStdout(): DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: true });
  let batch = "";
  // Listened to only while lines wait here: a logger with nothing gathered (a silent one) holds no exit listener.
  const writeRest = () => writeAllSync(batch);
  const flush = () => {
    if (batch === "") return;
    process.off("exit", writeRest);
    stdout.write(batch);
    batch = "";
  };
  const timer = setInterval(flush, STDOUT_FLUSH_MS).unref();
  stdout.once("close", () => clearInterval(timer));
  return {
    write(line: string) {
      if (batch === "") process.once("exit", writeRest);
      batch += line;
      if (batch.length >= STDOUT_BATCH_CHARS) flush();
    },
  };
}

/** The one logger of a process; JSON lines to stdout unless `destination` says otherwise (pretty, or a test's). */
export function createLogger({ level, destination }: { level: LevelWithSilent; destination?: DestinationStream }): Log {
  return pino(
    {
      level,
      formatters: { log: (fields) => redacted(fields) as Record<string, unknown> },
      serializers: { err: pino.stdSerializers.err },
    },
    destination ?? batchedStdout(),
  );
}

/** Readable coloured lines for a developer's terminal; loaded only when asked, so production never loads it. */
export async function prettyDestination(): Promise<DestinationStream> {
  const { PinoPretty } = await import("pino-pretty");
  return PinoPretty({ translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
}
