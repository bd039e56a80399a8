import { isPublicAddress } from "../shared/public-address.ts";
import { validationError } from "../shared/errors.ts";
import { NODE_MESSAGES } from "./schema.ts";

/** IPv4-mapped IPv6 (::ffff:a.b.c.d) is never a node's own address: it is refused like the private ranges. */
const IPV4_MAPPED = /^::ffff:[0-9a-f.:]+$/i;

/**
 * Whether a node may have this address: a public unicast one (as a webhook's target must be), and never written as an
 * IPv4-mapped IPv6 address.
 */
export const isPublicIp = (ip: string) => !IPV4_MAPPED.test(ip) && isPublicAddress(ip);

/**
 * The node monitor connects to the address an operator registers: unless private addresses are
 * allowed (development and test stacks, whose nodes are on loopback), only a public one is taken.
 */
export function refuseNonPublicIp(privateAllowed: boolean, ipaddress: string | undefined) {
  if (!privateAllowed && ipaddress !== undefined && !isPublicIp(ipaddress))
    throw validationError({ ipaddress: NODE_MESSAGES.ipAddressNotPublic });
}
