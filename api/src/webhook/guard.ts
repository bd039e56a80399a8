import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { isPublicAddress } from "../shared/public-address.ts";
import { WEBHOOK_LIMITS } from "./rules.ts";
import { WEBHOOK_MESSAGES } from "./schema.ts";

/** Every address a host name resolves to; injectable so tests prove the guard without DNS. */
export type HostResolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Where webhooks may post: in production only https on public addresses; elsewhere anything (local receivers). */
export interface WebhookReach {
  production: boolean;
  resolve: HostResolver;
}

/**
 * Why a target is refused: `message` in full for the log, `shown` for the operator. In production what a host resolved
 * to (or that it did not) stays in the log: a field error or delivery log naming it would map hosts the API can see.
 */
export class UnreachableTarget extends Error {
  override name = "UnreachableTarget";
  constructor(
    message: string,
    readonly shown: string = message,
  ) {
    super(message);
  }
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/** Settles as `work` does, or rejects once `signal` aborts (a resolver cannot be stopped: its answer goes unused). */
const untilAborted = <T>(work: Promise<T>, signal: AbortSignal) =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    work.then(resolve, reject);
  });

/**
 * The addresses a URL's host may be reached at, after every check of `reach`: in production the URL must be https and
 * every address its host resolves to public (one private address among them is enough to refuse, as the connection
 * could pick it). Run at creation and again at each delivery, so a host whose DNS later points inward is refused. A
 * host whose DNS has not answered when `signal` aborts (by default after an attempt's deadline) does not resolve.
 */
export async function reachableAddresses(
  target: string,
  reach: WebhookReach,
  signal: AbortSignal = AbortSignal.timeout(WEBHOOK_LIMITS.attemptDeadlineMs),
): Promise<LookupAddress[]> {
  const url = new URL(target);
  const host = bare(url.hostname);
  const family = isIP(host);
  if (reach.production && url.protocol !== "https:") throw new UnreachableTarget(WEBHOOK_MESSAGES.webhookUrlHttpsOnly);
  const addresses = family
    ? [{ address: host, family }]
    : await untilAborted(reach.resolve(host), signal).catch(() => []);
  const notPublic = (detail: string) =>
    new UnreachableTarget(detail, reach.production ? WEBHOOK_MESSAGES.webhookUrlNotPublic : detail);
  if (addresses.length === 0) throw notPublic(`${host} does not resolve`);
  if (!reach.production) return addresses;
  const inward = addresses.find((entry) => !isPublicAddress(entry.address));
  if (inward) throw notPublic(`${host} resolves to a private address (${inward.address})`);
  return addresses;
}
