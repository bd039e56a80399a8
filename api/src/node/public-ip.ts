import { BlockList, isIPv4 } from "node:net";
import { validationError } from "../shared/errors.ts";
import { NODE_MESSAGES } from "./schema.ts";

/**
 * Addresses no public node has: private, loopback, link-local, shared (CGNAT), benchmarking, documentation and
 * unique-local ranges.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["255.255.255.255", 32],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

/** IPv4-mapped IPv6 (::ffff:a.b.c.d) is never a node's own address: it is refused like the private ranges. */
const IPV4_MAPPED = /^::ffff:[0-9a-f.:]+$/i;

export const isPublicIp = (ip: string) =>
  isIPv4(ip) ? !NOT_PUBLIC.check(ip, "ipv4") : !IPV4_MAPPED.test(ip) && !NOT_PUBLIC.check(ip, "ipv6");

/**
 * The node monitor connects to the address an operator registers: unless private addresses are
 * allowed (development and test stacks, whose nodes are on loopback), only a public one is taken.
 */
export function refuseNonPublicIp(privateAllowed: boolean, ipaddress: string | undefined) {
  if (!privateAllowed && ipaddress !== undefined && !isPublicIp(ipaddress))
    throw validationError({ ipaddress: NODE_MESSAGES.ipAddressNotPublic });
}
