import { createMiddleware } from "hono/factory";
import { MESSAGES } from "../public-contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { validationError } from "./errors.ts";
import { nestsDeeperThan } from "./json-depth.ts";
import { isFormMediaType, isJsonMediaType, mediaTypeOf } from "./media-type.ts";

/** Control characters other than tab and newline: Postgres refuses NUL, and none belongs in a record. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Every path (dot-joined) of `value` holding a string, or a key, with a control character. */
function controlCharacterPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === "string") {
    if (CONTROL.test(value)) found.push(path.join(".") || "body");
  } else if (value instanceof File) {
    if (CONTROL.test(value.name)) found.push(path.join(".") || "body");
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => controlCharacterPaths(item, [...path, String(index)], found));
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) found.push([...path, key].join("."));
      else controlCharacterPaths(item, [...path, key], found);
    }
  }
  return found;
}

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
 * Whether `raw`, a query string or a JSON text, may give a control character once decoded: only through a control
 * character of its own or an escape (`%` in a query, a backslash in JSON), so text with neither is not walked value by
 * value.
 */
const mayDecodeToControl = (raw: string, escape: string) => raw.includes(escape) || CONTROL.test(raw);

/** Methods whose requests carry no content: no route reads their body, so neither does the check. */
const NO_CONTENT_METHODS = new Set(["GET", "HEAD"]);

/**
 * Refuses a request whose query, JSON body or form (file names included) carries a control character
 * anywhere, with a field error per place, and a body that cannot be read as its declared type or nests
 * too deeply, before any route sees it (the app runs it for every request, after the body limit). It
 * reads a body exactly when the validators would, deciding by the same media type (mediaTypeOf), and never
 * a GET's or HEAD's: reading one, even empty, makes @hono/node-server build a full fetch Request, which cost a
 * list answered from the answer cache more than the answer.
 */
export const refuseControlCharacters = createMiddleware<AppEnv>(async (c, next) => {
  const type = NO_CONTENT_METHODS.has(c.req.method) ? "" : mediaTypeOf(c.req.header("content-type"));
  const parts: Record<string, unknown>[] = [];
  const url = c.req.url;
  const queryStart = url.indexOf("?");
  if (queryStart >= 0 && mayDecodeToControl(url.slice(queryStart + 1), "%")) {
    const query: Record<string, string[]> = {};
    for (const [key, value] of new URL(url).searchParams) (query[key] ??= []).push(value);
    parts.push(query);
  }
  if (isJsonMediaType(type)) {
    const text = await c.req.text().catch(() => "");
    if (text.trim() !== "") {
      const body = parseJson(text);
      if (mayDecodeToControl(text, "\\")) parts.push({ body });
    }
  } else if (isFormMediaType(type)) {
    parts.push(
      await c.req.parseBody({ all: true }).catch(() => {
        throw validationError({ body: MESSAGES.unreadableBody });
      }),
    );
  }
  const found = parts
    .flatMap((part) => controlCharacterPaths(part))
    .map((path) => path.replace(/^body\.?/, "") || "body");
  if (found.length > 0)
    throw validationError(
      Object.fromEntries(found.map((path) => [path.replace(/\.0$/, ""), MESSAGES.controlCharacters])),
    );
  await next();
});
