import type { Context, MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { requestHeader, setAnswerHeader } from "./node-bindings.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers below this size go out as they are: compressing them saves less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The encodings the API sends, best first. Quality and level are those of a server compressing on the
 * fly (brotli 5, gzip 6): a list answer is compressed on each cache miss, on the thread pool, and
 * brotli 5 is already smaller than gzip 9 at a fraction of brotli 11's time.
 */
const ENCODERS = {
  br: (bytes: Buffer) =>
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes: Buffer) => gzipAsync(bytes, { level: 6 }),
} as const;
export type Encoding = keyof typeof ENCODERS;
const ENCODINGS = Object.keys(ENCODERS) as Encoding[];

/**
 * The encodings chosen for the Accept-Encoding values seen lately: browsers send a handful of spellings, and parsing
 * one costs a list answered from the answer cache about as much as the rest of its encoding. Bounded, as the header is
 * the client's to write.
 */
const chosenEncodings = new Map<string, Encoding | undefined>();
const CHOSEN_ENCODINGS_KEPT = 64;

/**
 * The encoding to answer a request's Accept-Encoding with: brotli when accepted, else gzip, else none
 * (identity). `q=0` refuses an encoding; `*` stands for every encoding not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (chosenEncodings.has(acceptEncoding)) return chosenEncodings.get(acceptEncoding);
  const chosen = parseEncoding(acceptEncoding);
  if (chosenEncodings.size >= CHOSEN_ENCODINGS_KEPT) chosenEncodings.clear();
  chosenEncodings.set(acceptEncoding, chosen);
  return chosen;
}

function parseEncoding(acceptEncoding: string): Encoding | undefined {
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((accept) => accept.type === "*")?.q ?? 0;
  const quality = (encoding: Encoding) =>
    accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard;
  const best = Math.max(...ENCODINGS.map(quality));
  return best > 0 ? ENCODINGS.find((encoding) => quality(encoding) === best) : undefined;
}

/**
 * A JSON answer's bytes, with each compressed form made at most once, when a client first asks for it:
 * kept with the answer in the answer cache (api/src/live/answer-cache.ts), so an answer served again
 * reuses its compressed bytes.
 */
export class JsonBody {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly #encoded = new Map<Encoding, Promise<Uint8Array<ArrayBuffer>>>();
  /** The compressed forms made so far, for an answer served again without waiting a turn for its promise. */
  readonly #made = new Map<Encoding, Uint8Array<ArrayBuffer>>();
  #etag: string | undefined;

  constructor(readonly text: string) {
    this.bytes = new TextEncoder().encode(text);
  }

  /**
   * A validator of the JSON text, made once per kept answer: weak, since the same text goes out in several encodings
   * (a strong one would have to differ per encoding).
   */
  get etag(): string {
    this.#etag ??= `W/"${createHash("sha256").update(this.bytes).digest("base64url").slice(0, 27)}"`;
    return this.#etag;
  }

  encoded(encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
    let encoded = this.#encoded.get(encoding);
    if (!encoded) {
      encoded = ENCODERS[encoding](Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length)).then(
        (bytes) => {
          const made = Uint8Array.from(bytes);
          this.#made.set(encoding, made);
          return made;
        },
      );
      this.#encoded.set(encoding, encoded);
    }
    return encoded;
  }

  /** The body in `encoding` if encoded made it already, else undefined. */
  madeIn(encoding: Encoding): Uint8Array<ArrayBuffer> | undefined {
    return this.#made.get(encoding);
  }
}

/** The encoding a JSON body goes out in for the request (none when it is short, see COMPRESS_MIN_BYTES). */
const encodingFor = (c: Context, body: JsonBody): Encoding | undefined =>
  body.bytes.length >= COMPRESS_MIN_BYTES ? chooseEncoding(requestHeader(c, "accept-encoding")) : undefined;

/** The headers of a JSON body of `length` bytes in `encoding` (none: as it is), but for its type. */
const encodedHeaders = (encoding: Encoding | undefined, length: number): Record<string, string> =>
  encoding
    ? { vary: "Accept-Encoding", "content-encoding": encoding, "content-length": String(length) }
    : { vary: "Accept-Encoding", "content-length": String(length) };

/**
 * A JSON body as the request accepts it: compressed in its preferred encoding when at least
 * COMPRESS_MIN_BYTES long, as it is otherwise; the headers name the encoding and the length, and vary
 * on Accept-Encoding either way.
 */
export async function encodeJson(
  c: Context,
  body: JsonBody,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  const encoding = encodingFor(c, body);
  const bytes = encoding ? await body.encoded(encoding) : body.bytes;
  return { bytes, headers: { "content-type": "application/json", ...encodedHeaders(encoding, bytes.length) } };
}

/**
 * The answers jsonAnswer made: whole JSON, already negotiated, neither a stream nor a CSV. The middleware after the
 * handler (compressJson, the request log, withDirectBodies) recognise them by this mark instead of reading their
 * headers, which would build a fetch Headers object for each.
 */
const jsonAnswers = new WeakSet<Response>();

/** Whether `response` is one jsonAnswer made (and no middleware rebuilt since). */
export const isJsonAnswer = (response: Response): boolean => jsonAnswers.has(response);

/**
 * A 200 answer of `body` as encodeJson encodes it for the request. Served by Node, every header but the content type
 * is written to Node's response (node-bindings.ts), so that the answer carries one header and @hono/node-server
 * writes it without a fetch Headers object.
 */
export async function jsonAnswer(c: Context, body: JsonBody): Promise<Response> {
  const encoding = encodingFor(c, body);
  const bytes = encoding ? (body.madeIn(encoding) ?? (await body.encoded(encoding))) : body.bytes;
  const headers = encodedHeaders(encoding, bytes.length);
  for (const name in headers) setAnswerHeader(c, name as Lowercase<string>, headers[name]!);
  const response = c.body(bytes, 200, { "content-type": "application/json" });
  jsonAnswers.add(response);
  return response;
}

const isJson = (contentType: string | null) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? "");

/** Whether an answer was already made for the request's Accept-Encoding (encodeJson's, compressed or not). */
const negotiated = (headers: Headers) =>
  headers.has("content-encoding") || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(headers.get("vary") ?? "");

/**
 * Compresses every other JSON answer as encodeJson does (the cached list answers come from
 * api/src/shared/cached-answer.ts already encoded, compressed or not, and pass untouched). Event streams, CSV
 * exports and files pass through untouched: only `application/json` bodies, which the API always builds whole in
 * memory, are read. The checks read the headers and status only: asking a @hono/node-server answer for its body
 * turns it into a full fetch Response, which then goes out as a stream, and costs a cached list answer more than
 * everything else it does.
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (isJsonAnswer(res) || !isJson(res.headers.get("content-type")) || negotiated(res.headers)) return;
  if (res.status === 204 || res.status === 206 || res.status === 304 || !res.body) return;
  const { bytes, headers } = await encodeJson(c, new JsonBody(await res.text()));
  const merged = new Headers(res.headers);
  for (const [name, value] of Object.entries(headers))
    if (name === "vary") {
      const vary = merged.get("vary");
      if (vary !== "*" && !vary?.toLowerCase().includes("accept-encoding"))
        merged.set("vary", vary ? `${vary}, ${value}` : value);
    } else if (name !== "content-type") merged.set(name, value);
  c.res = undefined;
  c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers: merged });
};
