import type { IncomingMessage, OutgoingHttpHeader, RequestListener, ServerResponse } from "node:http";
import type { Context } from "hono";
import { routePath } from "hono/route";
import type { AppEnv, Deps } from "../app-env.ts";
import { keptSession, type ActiveSession } from "../auth/middleware.ts";
import type { Encoding, JsonBody } from "./compression.ts";
import { nodeResponseOf } from "./node-bindings.ts";
import { requestIdFor, writeRequestLine } from "./request-log.ts";

/** What a list answer served by Node was made of, marked by cachedJson: its answer cache entry, route and reader. */
interface Mark {
  answerKey: string;
  body: JsonBody;
  route: string;
  session: ActiveSession;
}

const marks = new WeakMap<ServerResponse, Mark>();

/**
 * Marks the answer to a signed-in GET as one its request may have again from AnswerReplays: `body`, kept in the answer
 * cache under `answerKey`, for the request's session. Only an answer served by Node is marked (a test's
 * `app.request` has no Node response).
 */
export function markReplayable(c: Context<AppEnv>, answerKey: string, body: JsonBody): void {
  const out = nodeResponseOf(c);
  const session = c.get("session");
  if (out && session && c.req.method === "GET") marks.set(out, { answerKey, body, route: routePath(c), session });
}

interface Replay extends Mark {
  /** The answer's headers as Node sent them, name and value after each other, but for its date and request id. */
  headers: OutgoingHttpHeader[];
  bytes: Uint8Array;
}

/**
 * Replays kept at most: as many as the answer cache keeps answers. Those of answers read before the last change are
 * dropped as the first replay after it is kept, so that they hold no memory the answer cache has let go of.
 */
const MAX_REPLAYS = 2_000;
const NOT_REPLAYED = new Set(["date", "x-request-id"]);

/** A request header as requestHeader reads it in the app: repeated headers joined with ", ". */
const headerOf = (req: IncomingMessage, name: string) => req.headersDistinct[name]?.join(", ");

/**
 * A signed-in list answer served again straight from Node, before Hono routes the request. A GET with a session whose
 * answer came from the answer cache (cachedJson marks it) is kept under everything of the request the app read to
 * make it: host, URL, Authorization and Accept-Encoding. The same request again gets the same status, headers and
 * bytes (with its own request id, log line and count) while both hold: the answer cache still holds that very answer
 * (nothing changed since it was read, within its TTL: AnswerCache.holds), and the session is still accepted as
 * readSession accepts it without waiting (unexpired, account kept, enabled, same session version) with the same 2FA
 * state, so every guard the route ran answers as before. Anything else, a GET with a body included, goes through the
 * app. Going through Hono, its middleware and the validator cost a cached answer about as much CPU as everything
 * else it does.
 */
export class AnswerReplays {
  readonly #replays = new Map<string, Replay>();
  /** The answer cache's generation the replays kept were made in: after a change none of them is served again. */
  #generation = -1;

  /** Requests answered by replaying an answer, since the start. */
  readonly stats = { replayed: 0 };

  /** With the app's `deps`: its answer cache, session secret, log and request counter. */
  constructor(private readonly deps: Pick<Deps, "live" | "config" | "log" | "requestMetrics">) {}

  /** `listener` (the app's), with the requests it answered before replayed first. */
  listener(listener: RequestListener): RequestListener {
    return (req, res) => {
      const key = this.#keyOf(req);
      if (key === undefined) return listener(req, res);
      if (this.#replayed(key, req, res)) return;
      res.once("finish", () => this.#keep(key, res));
      return listener(req, res);
    };
  }

  get size(): number {
    return this.#replays.size;
  }

  /** What the app reads of a GET to answer it from the answer cache; undefined for a request never replayed. */
  #keyOf(req: IncomingMessage): string | undefined {
    if (req.method !== "GET") return undefined;
    const authorization = headerOf(req, "authorization");
    if (!authorization || req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined)
      return undefined;
    return `${headerOf(req, "host")}\n${req.url}\n${authorization}\n${headerOf(req, "accept-encoding") ?? ""}`;
  }

  #replayed(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const replay = this.#replays.get(key);
    if (!replay) return false;
    const started = performance.now();
    const session = keptSession(headerOf(req, "authorization"), this.deps.config.JWT_SECRET);
    const kept = replay.session;
    if (
      session?.sub !== kept.sub ||
      session.userType !== kept.userType ||
      session.ver !== kept.ver ||
      session.twofaOn !== kept.twofaOn
    )
      return false;
    if (!this.deps.live.answers.holds(replay.answerKey, replay.body)) {
      this.#replays.delete(key);
      return false;
    }
    const id = requestIdFor(headerOf(req, "x-request-id"));
    res.writeHead(200, [...replay.headers, "x-request-id", id]);
    res.end(replay.bytes);
    writeRequestLine(this.deps.log, { id, method: "GET", route: replay.route, status: 200, started, session });
    this.deps.requestMetrics?.("GET", replay.route, 200, started);
    this.stats.replayed++;
    return true;
  }

  /** Keeps the answer `res` sent for `key`, if it was a marked answer sent whole with 200. */
  #keep(key: string, res: ServerResponse) {
    const mark = marks.get(res);
    if (!mark || res.statusCode !== 200) return;
    const sent = res.getHeaders();
    const encoding = sent["content-encoding"];
    const bytes = typeof encoding === "string" ? mark.body.madeIn(encoding as Encoding) : mark.body.bytes;
    if (!bytes || String(sent["content-length"]) !== String(bytes.length)) return;
    const headers: OutgoingHttpHeader[] = [];
    for (const [name, value] of Object.entries(sent))
      if (value !== undefined && !NOT_REPLAYED.has(name)) headers.push(name, value);
    const { generation } = this.deps.live.answers;
    if (generation !== this.#generation) {
      this.#replays.clear();
      this.#generation = generation;
    }
    this.#replays.delete(key);
    if (this.#replays.size >= MAX_REPLAYS) this.#replays.delete(this.#replays.keys().next().value!);
    this.#replays.set(key, { ...mark, headers, bytes });
  }
}
