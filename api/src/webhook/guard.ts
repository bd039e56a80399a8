import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { isPublicAddress } from "./rules.ts";

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

/** Why a target is refused, as the operator reads it. */
export class UnreachableTarget extends Error {
  override name = "UnreachableTarget";
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/**
 * The addresses a URL's host may be reached at, after every check of `reach`: in production the URL must be https and
 * every address its host resolves to public (one private address among them is enough to refuse, as the connection
 * could pick it). Run at creation and again at each delivery, so a host whose DNS later points inward is refused.
 */
export async function reachableAddresses(target: string, reach: WebhookReach): Promise<LookupAddress[]> {
  const url = new URL(target);
  const host = bare(url.hostname);
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await reach.resolve(host).catch(() => []);
  if (addresses.length === 0) throw new UnreachableTarget(`${host} does not resolve`);
  if (!reach.production) return addresses;
  if (url.protocol !== "https:") throw new UnreachableTarget("only https URLs are accepted");
  const inward = addresses.find((entry) => !isPublicAddress(entry.address));
  if (inward) throw new UnreachableTarget(`${host} resolves to a private address (${inward.address})`);
  return addresses;
}
