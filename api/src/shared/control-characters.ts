import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { MESSAGES } from "../public-contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { validationError } from "./errors.ts";
import { nestsDeeperThan } from "./json-depth.ts";
import { isFormMediaType, isJsonMediaType, mediaTypeOf } from "./media-type.ts";

/** Control characters other than tab and newline: Postgres refuses NUL, and none belongs in a record. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/**
 * Half of a surrogate pair standing alone (what `String.prototype.isWellFormed` refuses): JSON may spell one as an
 * escape (`"\ud800abc"`), and Postgres' jsonb (every audit record) refuses it, as does any client reading UTF-8.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a text cannot be kept, or null when it can. */
const refusal = (text: string): string | null =>
  CONTROL.test(text) ? MESSAGES.controlCharacters : LONE_SURROGATE.test(text) ? MESSAGES.unpairedSurrogate : null;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Every path (dot-joined) of `value` holding a string, or a key, that cannot be kept, with why. */
function refusedTextPaths(value: unknown, path: string[] = [], found: [string, string][] = []): [string, string][] {
  const check = (text: string, at: string[]) => {
    const why = refusal(text);
    if (why) found.push([at.join(".") || "body", why]);
    return why;
  };
  if (typeof value === "string") check(value, path);
  else if (value instanceof File) check(value.name, path);
  else if (Array.isArray(value))
    value.forEach((item, index) => refusedTextPaths(item, [...path, String(index)], found));
  else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value))
      if (!check(key, [...path, key])) refusedTextPaths(item, [...path, key], found);
  }
  return found;
}

/** Answers 400 with a field error for each place of `parts` (each a query, `{ body }` or a form) that holds one. */
function refuseTexts(parts: Record<string, unknown>[]): void {
  const found = parts
    .flatMap((part) => refusedTextPaths(part))
    .map(([path, why]) => [path.replace(/^body\.?/, "").replace(/\.0$/, "") || "body", why] as const);
  if (found.length > 0) throw validationError(Object.fromEntries(found));
}

/**
 * The form of a request, read and checked only when a route's validator asks for it: by then the route's own
 * middleware (its session and role guard, its rate limit) has run, so a stranger's 2 MB form is never parsed.
 */
function checkedFormLater(c: Context<AppEnv>): PromiseLike<FormData> {
  let form: Promise<FormData> | undefined;
  const read = async () => {
    const data = await formParser.parse(c.req.raw).catch(() => {
      throw validationError({ body: MESSAGES.unreadableBody });
    });
    const fields: Record<string, unknown[]> = {};
    for (const [key, value] of data) (fields[key] ??= []).push(value);
    refuseTexts([fields]);
    return data;
  };
  return { then: (onFulfilled, onRejected) => (form ??= read()).then(onFulfilled, onRejected) };
}

/** How a form body is parsed (an object, so a test can watch whether a request's form was read at all). */
export const formParser = { parse: (request: Request): Promise<FormData> => request.formData() };

/** The JSON of a request body; a body that is not JSON, or nests too deeply, answers 400 (an empty one is no body). */
function parseJson(text: string): unknown {
  if (nestsDeeperThan(text)) throw validationError({ body: MESSAGES.nestedTooDeep });
  try {
    return JSON.parse(text);
  } catch {
    throw validationError({ body: MESSAGES.unreadableBody });
  }
}

/**
 * Whether `raw`, a JSON text, may give a control character or half of a surrogate pair once parsed: only through a
 * control character of its own or an escape (a backslash), so text with neither is not walked value by value.
 */
const mayDecodeToControl = (raw: string) => raw.includes("\\") || CONTROL.test(raw);

/**
 * A query's escapes that decode to one of CONTROL's characters (`%00` to `%1F`, `%7F`; tab and newline among them, to
 * be safe). No other escape can: a byte of a multi-byte UTF-8 sequence never decodes to one, and neither does an
 * invalid sequence (U+FFFD), nor to half of a surrogate pair.
 */
const CONTROL_ESCAPE = /%(?:[01][0-9a-f]|7f)/i;

/**
 * Whether `raw`, a query string, may give a control character once decoded: through one of its own or an escape of
 * one (CONTROL_ESCAPE), so a query with neither, `%40` or `%20` aside, is not walked value by value.
 */
const queryMayDecodeToControl = (raw: string) => CONTROL_ESCAPE.test(raw) || CONTROL.test(raw);

/** Methods whose requests carry no content: no route reads their body, so neither does the check. */
const NO_CONTENT_METHODS = new Set(["GET", "HEAD"]);

/**
 * Refuses a request whose query, JSON body or form (file names included) carries a control character or half of a
 * surrogate pair anywhere, with a field error per place, and a body that cannot be read as its declared type or nests
 * too deeply, before any route sees it (the app runs it for every request, after the body limit): one check for every
 * string field of every route. It reads a body exactly when the validators would, deciding by the same media type
 * (mediaTypeOf), and never a GET's or HEAD's: reading one, even empty, makes @hono/node-server build a full fetch
 * Request, which cost a list answered from the answer cache more than the answer. A form (up to 2 MB, where a JSON
 * body is small) is checked when the route's validator reads it, after the route's guards: see checkedFormLater.
 */
export const refuseControlCharacters = createMiddleware<AppEnv>(async (c, next) => {
  const type = NO_CONTENT_METHODS.has(c.req.method) ? "" : mediaTypeOf(c.req.header("content-type"));
  const parts: Record<string, unknown>[] = [];
  const url = c.req.url;
  const queryStart = url.indexOf("?");
  if (queryStart >= 0 && queryMayDecodeToControl(url.slice(queryStart + 1))) {
    const query: Record<string, string[]> = {};
    for (const [key, value] of new URL(url).searchParams) (query[key] ??= []).push(value);
    parts.push(query);
  }
  if (isJsonMediaType(type)) {
    const text = await c.req.text().catch(() => "");
    if (text.trim() !== "") {
      const body = parseJson(text);
      if (mayDecodeToControl(text)) parts.push({ body });
    }
  } else if (isFormMediaType(type)) {
    // Hono's form validator and parseBody await this cache entry instead of reading the body themselves.
    (c.req.bodyCache as { formData?: PromiseLike<FormData> }).formData = checkedFormLater(c);
  }
  refuseTexts(parts);
  await next();
});
