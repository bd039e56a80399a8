import { isIPv4, isIPv6 } from "node:net";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { clientIp } from "./rate-limit.ts";

/** The eight 16-bit groups of a valid IPv6 address (compressed or not, with or without a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const [head, tail] = text.split("::");
  const before = parse(head);
  if (tail === undefined) return before;
  const after = parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * What a client's budgets are kept under. An IPv4 address is its own key, and an IPv4-mapped IPv6 one
 * (how a dual-stack socket reports an IPv4 client) is keyed as that IPv4 address. An IPv6 address is
 * keyed by its /64: one subscriber is given at least a whole /64 and can take a new address in it for
 * every request, so per address it would have a fresh budget each time.
 */
export function addressKey(address: string): string {
  const bare = address.split("%")[0]!;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The key of the caller's address for per-client budgets (see addressKey). */
export const clientNetwork = (c: Context<AppEnv>): string => addressKey(clientIp(c));
