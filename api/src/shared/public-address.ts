import ipaddr from "ipaddr.js";

/**
 * Whether an address is an ordinary public unicast one, which the portal may connect to in production (a webhook's
 * target, a node the monitor probes). Private, loopback, link-local, unique-local, carrier-grade NAT, unspecified,
 * multicast, reserved and the IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) are all
 * refused; a v4-mapped address is judged as its IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv6" && parsed.match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === "unicast";
}

/** The deprecated IPv4-compatible IPv6 addresses (::a.b.c.d), which ipaddr.js counts as unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");
