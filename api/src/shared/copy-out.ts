import type { Connection, Submittable } from "pg";
import { reusedReadsOf } from "../db/reused-read-socket.ts";

/** Codes of the backend messages a `COPY … TO STDOUT` answer holds (PostgreSQL frontend/backend protocol 3). */
const COPY_DATA = 0x64;
const COPY_DONE = 0x63;
const ERROR_RESPONSE = 0x45;

const LF = 10;
const CR = 13;
const BACKSLASH = 92;
/** A message's code (1 byte) and length (4 bytes, counting itself). */
const HEADER = 5;

/** What a backslash escape of COPY's text format stands for (the control characters it escapes, and itself). */
const UNESCAPED: Record<number, number> = { 98: 8, 102: 12, 110: LF, 114: CR, 116: 9, 118: 11, [BACKSLASH]: BACKSLASH };

const nextBackslash = (input: Buffer, from: number) => {
  const at = input.indexOf(BACKSLASH, from);
  return at === -1 ? Infinity : at;
};

/** What one socket read held: the lines it finished, and once COPY is over, the bytes after it, which are pg's. */
export interface Decoded {
  lines: Buffer[];
  rest?: Buffer;
}

/**
 * A decoder of a `COPY (…) TO STDOUT` answer (text format, one column holding a finished CSV line) straight from
 * the connection's bytes to CRLF lines, in one pass over each socket read and inside that read's own buffer: each
 * CopyData message's row moves over its 5-byte header with its LF turned into CRLF (RFC 4180), and the escapes COPY
 * wrote for a backslash or a control character inside a line become those bytes again. Messages, headers and
 * escapes may straddle reads; the end of a row an earlier read began goes into a small buffer of its own, since
 * its CR has no header to take the place of. It stops at CopyDone or an ErrorResponse and hands back the bytes
 * from there on, for pg to read the outcome.
 */
export class CopyOutDecoder {
  private readonly header = Buffer.alloc(HEADER);
  private headerHave = 0;
  private code = 0;
  /** Bytes of the current message's body still to come (-1: between messages). */
  private left = -1;
  private escaped = false;
  /** Where the last scan stopped in its input and in its output. */
  private at = 0;
  private to = 0;

  decode(input: Buffer): Decoded {
    const lines: Buffer[] = [];
    this.at = 0;
    if (this.headerHave !== 0 && !this.readHeader(input)) return { lines };
    if (this.left !== -1) {
      const first = Buffer.allocUnsafe(Math.min(this.left, input.length - this.at) + 1);
      this.to = 0;
      this.scan(input, first, true);
      if (this.to) lines.push(first.subarray(0, this.to));
    }
    const start = this.at;
    this.to = start;
    const ended = this.scan(input, input, false);
    if (this.to > start) lines.push(input.subarray(start, this.to));
    return ended ? { lines, rest: input.subarray(this.at) } : { lines };
  }

  /** Completes a header begun in an earlier read (or this one); false when `input` ends first. */
  private readHeader(input: Buffer) {
    const take = Math.min(HEADER - this.headerHave, input.length - this.at);
    input.copy(this.header, this.headerHave, this.at, this.at + take);
    this.headerHave += take;
    this.at += take;
    if (this.headerHave < HEADER) return false;
    this.headerHave = 0;
    this.code = this.header[0]!;
    this.left = this.header.readUInt32BE(1) - 4;
    return true;
  }

  /**
   * Turns the messages of `input` from this.at on into lines in `out` from this.to on (`out` may be `input`
   * itself: every line is shorter than the message it came from), up to the end of the current message when
   * `single`; true when it stopped at CopyDone or an error.
   */
  private scan(input: Buffer, out: Buffer, single: boolean): boolean {
    const length = input.length;
    let at = this.at;
    let to = this.to;
    /** Where the next backslash is (Infinity: none left in this read). */
    let backslash = nextBackslash(input, at);
    let ended = false;
    while (at < length) {
      if (this.left === -1) {
        if (single) break;
        while (at + HEADER <= length && input[at] === COPY_DATA) {
          const row = at + input.readUInt32BE(at + 1);
          if (row >= length || backslash < row) break;
          input.copy(out, to, at + HEADER, row);
          to += row - at - HEADER;
          out[to++] = CR;
          out[to++] = LF;
          at = row + 1;
        }
        if (at === length) break;
        if (input[at] === COPY_DONE || input[at] === ERROR_RESPONSE) {
          ended = true;
          break;
        }
        this.at = at;
        const whole = this.readHeader(input);
        at = this.at;
        if (!whole) break;
      }
      const end = Math.min(length, at + this.left);
      if (this.code === COPY_DATA) {
        const last = end === at + this.left;
        const row = last ? end - 1 : end;
        if (this.escaped || backslash < row) {
          to = this.unescape(input, at, row, out, to);
          backslash = nextBackslash(input, row);
        } else {
          input.copy(out, to, at, row);
          to += row - at;
        }
        if (last) {
          out[to++] = CR;
          out[to++] = LF;
        }
      }
      this.left -= end - at;
      at = end;
      if (this.left === 0) this.left = -1;
    }
    this.at = at;
    this.to = to;
    return ended;
  }

  /** Copies `from[start, stop)` into `into` at `position` with COPY's escapes undone; returns where it stopped. */
  private unescape(from: Buffer, start: number, stop: number, into: Buffer, position: number) {
    let p = position;
    for (let i = start; i < stop; i++) {
      const byte = from[i]!;
      if (this.escaped) {
        into[p++] = UNESCAPED[byte] ?? byte;
        this.escaped = false;
      } else if (byte === BACKSLASH) this.escaped = true;
      else into[p++] = byte;
    }
    return p;
  }
}

/** Where the lines of a COPY go, a socket read at a time. */
export interface CopyLinesSink {
  /**
   * The lines one read finished: they may be views of a buffer the connection reads into again, so they are the
   * sink's only until it calls `release`; the connection reads on meanwhile while it has other buffers, and waits
   * for a release when it has none (back-pressure).
   */
  lines(lines: Buffer[], release: () => void): void;
  /** The COPY finished: every line has been handed over. */
  end(): void;
  /** The COPY failed (Postgres' error, or the connection's). */
  fail(error: Error): void;
}

/**
 * A query for pg's `client.query` (a Submittable) that runs `COPY (…) TO STDOUT` and hands its answer to `sink` as
 * CRLF lines (CopyOutDecoder), a socket read at a time. It takes the connection's reads while the COPY runs: on a
 * socket of reusedReadSocket it borrows them in place (no buffer per read), on any other (TLS) it takes the
 * socket's 'data' and pauses it while the sink holds a read. It gives the reads back with the bytes after
 * CopyDone, for pg to read the command's outcome (or its error, which then fails the sink).
 */
export class CopyCsvOut implements Submittable {
  private readonly decoder = new CopyOutDecoder();
  private giveBack?: (rest: Buffer) => void;
  private settled = false;

  constructor(
    private readonly text: string,
    private readonly sink: CopyLinesSink,
  ) {}

  submit(connection: Connection) {
    const stream = connection.stream;
    const reads = reusedReadsOf(stream);
    if (reads) {
      reads.borrow((read, release) => this.onRead(read, release));
      this.giveBack = (rest) => reads.giveBack(rest);
    } else this.takeData(stream);
    connection.query(this.text);
  }

  /** Takes a plain socket's 'data' from pg until giveBack, pausing it while the sink holds a read. */
  private takeData(stream: Connection["stream"]) {
    const pgListener = stream.listeners("data")[0] as ((chunk: Buffer) => void) | undefined;
    if (pgListener) stream.removeListener("data", pgListener);
    let held = 0;
    const onData = (chunk: Buffer) => {
      held++;
      let released = false;
      this.onRead(chunk, () => {
        if (released) return;
        released = true;
        if (--held === 0 && this.giveBack) stream.resume();
      });
      if (held > 0 && this.giveBack) stream.pause();
    };
    stream.on("data", onData);
    this.giveBack = (rest) => {
      stream.removeListener("data", onData);
      if (pgListener) {
        stream.on("data", pgListener);
        pgListener(rest);
      }
      stream.resume();
    };
  }

  /** One read: its lines go to the sink, and once the COPY is over the reads go back to pg. */
  private onRead(read: Buffer, release: () => void) {
    const { lines, rest } = this.decoder.decode(read);
    if (lines.length) this.sink.lines(lines, release);
    else release();
    if (rest) {
      const giveBack = this.giveBack!;
      this.giveBack = undefined;
      giveBack(rest);
    }
  }

  handleCommandComplete() {
    if (this.settled) return;
    this.settled = true;
    this.sink.end();
  }

  handleError(error: Error) {
    if (this.settled) return;
    this.settled = true;
    this.sink.fail(error);
  }

  handleReadyForQuery() {}
}
