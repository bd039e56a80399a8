import {
  BaseError,
  HttpRequestError,
  InternalRpcError,
  LimitExceededRpcError,
  ResourceUnavailableRpcError,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
} from "viem";

/** Which dependency a failure says is out of reach for now. */
export type Outage = "database" | "chain";

/**
 * SQLSTATEs of a server going away or not yet taking work: class 08 (connection exception), 57P01-57P03 (shut down by
 * an administrator, crashed, starting up), 53300 (too many connections).
 */
const DATABASE_STATES = /^(08...|57P0[123]|53300)$/;
/** Socket-level failures Node reports for a peer that cannot be reached or went away. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);
/** node-postgres's own words for a connection lost or never made (it gives them no code). */
const PG_CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

/** viem's errors for a node that refused, failed or did not answer in time (as opposed to a revert or bad input). */
const CHAIN_FAILURES = [
  HttpRequestError,
  TimeoutError,
  RpcRequestError,
  SocketClosedError,
  InternalRpcError,
  LimitExceededRpcError,
  ResourceUnavailableRpcError,
];

/** Errors thrown inside other errors: viem's `cause` chain, AggregateError's list (a refused dual-stack connect). */
function* chainOf(error: unknown, depth = 0): Generator<unknown> {
  if (depth > 8 || error === null || error === undefined) return;
  yield error;
  if (error instanceof AggregateError) for (const inner of error.errors) yield* chainOf(inner, depth + 1);
  if (error instanceof Error && error.cause !== undefined) yield* chainOf(error.cause, depth + 1);
}

/**
 * The dependency a failure shows to be unreachable (the database restarting or down, the chain's RPC refusing,
 * failing or too slow), or null for any other failure (a refused `fetch` of another service included: its route
 * answers for it). Such failures pass by themselves: the API answers 503 and
 * keeps serving, instead of a 500 that reads as a bug.
 */
export function outageOf(error: unknown): Outage | null {
  if (error instanceof BaseError && error.walk((inner) => CHAIN_FAILURES.some((kind) => inner instanceof kind)))
    return "chain";
  const chain = [...chainOf(error)];
  if (chain.some((inner) => inner instanceof TypeError && inner.message === "fetch failed")) return null;
  for (const inner of chain) {
    if (!(inner instanceof Error)) continue;
    const code = (inner as { code?: unknown }).code;
    if (typeof code === "string" && (DATABASE_STATES.test(code) || SOCKET_CODES.has(code))) return "database";
    if (PG_CONNECTION_MESSAGES.some((message) => inner.message.startsWith(message))) return "database";
  }
  return null;
}

/**
 * SQLSTATEs of a write that met another one done meanwhile: a row it refers to deleted (23503), one it would duplicate
 * added (23505), or a serialisation failure or deadlock (40001, 40P01).
 */
const CONCURRENT_STATES = new Set(["23503", "23505", "40001", "40P01"]);

/**
 * Whether a failure is a write refused by the database because of another change made at the same moment (a record
 * deleted between a route's check and its insert, two saves racing): the request can be made again, so the API answers
 * 409 instead of a 500 that reads as a bug. Routes that expect a particular collision map it to their own message first.
 */
export function concurrentChangeOf(error: unknown): boolean {
  for (const inner of chainOf(error)) {
    const code = inner instanceof Error ? (inner as { code?: unknown }).code : undefined;
    if (typeof code === "string" && CONCURRENT_STATES.has(code)) return true;
  }
  return false;
}
