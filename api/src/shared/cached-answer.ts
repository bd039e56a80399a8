import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { AppEnv } from "../app-env.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import { jsonAnswer, JsonBody } from "./compression.ts";
import { setAnswerHeader } from "./node-bindings.ts";
import { markReplayable } from "./answer-replay.ts";

/**
 * A list answer (200, JSON) for the signed-in reader, served again from this instance's answer cache,
 * already serialised, until anything it may read changes (api/src/live/answer-cache.ts). The key is the
 * route, the reader (every admin reads the same lists; an operator only their own) and the validated
 * input. Its compressed forms are kept with it (api/src/shared/compression.ts), so an answer served again
 * is not compressed again. Marks the request as a read, so that a POST list does not count as a write.
 */
export async function cachedJson<T>(
  c: Context<AppEnv>,
  input: unknown,
  read: () => Promise<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">> {
  const session = c.get("session");
  if (!session) throw new Error("cachedJson needs a guarded route");
  const reader = session.userType === USER_TYPE.admin ? USER_TYPE.admin : `${session.userType}:${session.sub}`;
  return answerFor(c, reader, input, read);
}

/** The reader of a public answer: everyone, signed in or not, is given the same one. */
export const PUBLIC_READER = "public";

/**
 * Browsers and shared caches may keep a public answer but must ask again before each use, with its ETag: unchanged,
 * the answer is a 304 without the body (a phone downloads the figures once); changed, the new answer comes at once. A
 * max-age, even of seconds, let a browser's reload show the figures from before a change (an operator who just chose
 * to show their node names saw them missing), while the answer cache here already spares the database.
 */
export const PUBLIC_CACHE_CONTROL = "public, no-cache";

/**
 * A public answer (200, JSON, no sign-in), served again like cachedJson's but under one key for every reader:
 * it must hold nothing that depends on who asks, since a signed-in reader and an anonymous one share it. Browsers and
 * shared caches may keep it and revalidate it by its ETag (PUBLIC_CACHE_CONTROL).
 */
export async function publicCachedJson<T>(
  c: Context<AppEnv>,
  read: () => Promise<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">> {
  const body = await keptAnswer(c, answerKey(c, PUBLIC_READER, null), read);
  setAnswerHeader(c, "cache-control", PUBLIC_CACHE_CONTROL);
  setAnswerHeader(c, "etag", body.etag);
  if (matches(c.req.header("if-none-match"), body.etag)) {
    c.header("vary", "Accept-Encoding");
    return c.body(null, 304) as unknown as Response & TypedResponse<JSONParsed<T>, 200, "json">;
  }
  return encoded(c, body);
}

/** Whether an If-None-Match names the ETag, compared weakly (RFC 9110 13.1.2): `W/` aside, or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

async function answerFor<T>(
  c: Context<AppEnv>,
  reader: string,
  input: unknown,
  read: () => Promise<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">> {
  const key = answerKey(c, reader, input);
  const body = await keptAnswer(c, key, read);
  const answer = await encoded<T>(c, body);
  markReplayable(c, key, body);
  return answer;
}

function encoded<T>(c: Context<AppEnv>, body: JsonBody): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">> {
  return jsonAnswer(c, body) as Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">>;
}

/** The key of the reader's answer to the request's route and validated `input` in the answer cache. */
const answerKey = (c: Context<AppEnv>, reader: string, input: unknown) =>
  JSON.stringify([c.req.method, c.req.path, reader, input]);

/** The answer under `key` from this instance's answer cache, read and kept on a miss. */
function keptAnswer<T>(c: Context<AppEnv>, key: string, read: () => Promise<T>): Promise<JsonBody> {
  c.set("readOnly", true);
  return c.get("deps").live.answers.answer(key, async () => new JsonBody(JSON.stringify(await read())));
}
