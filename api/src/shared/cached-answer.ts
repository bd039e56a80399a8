import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { AppEnv } from "../app-env.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import { encodeJson, JsonBody } from "./compression.ts";

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
 * A public answer (200, JSON, no sign-in), served again like cachedJson's but under one key for every reader:
 * it must hold nothing that depends on who asks, since a signed-in reader and an anonymous one share it.
 */
export async function publicCachedJson<T>(
  c: Context<AppEnv>,
  read: () => Promise<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">> {
  return answerFor(c, PUBLIC_READER, null, read);
}

async function answerFor<T>(
  c: Context<AppEnv>,
  reader: string,
  input: unknown,
  read: () => Promise<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">> {
  c.set("readOnly", true);
  const body = await c
    .get("deps")
    .live.answers.answer(
      JSON.stringify([c.req.method, c.req.path, reader, input]),
      async () => new JsonBody(JSON.stringify(await read())),
    );
  const { bytes, headers } = await encodeJson(c, body);
  const response: Response = c.body(bytes, 200, headers);
  return response as Response & TypedResponse<JSONParsed<T>, 200, "json">;
}
