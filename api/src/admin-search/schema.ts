import { z } from "zod";
import { featureContract } from "../public-contract/feature.ts";

export const ADMIN_SEARCH_PATHS = { root: "/api/admin/search" } as const;

export const ADMIN_SEARCH_MESSAGES = {
  adminSearchHint: "Paste a wallet (0x or xdc), transaction hash, email, node address or IP",
} as const;

const ADDRESS = /^(?:0x|xdc)([0-9a-f]{40})$/i;
const TX_HASH = /^0x[0-9a-f]{64}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const IP = z.union([z.ipv4(), z.ipv6()]);

/** What the admin pasted, recognised: each kind is looked up exactly, on an indexed column. */
export type SearchTerm =
  | { kind: "address"; value: string }
  | { kind: "txHash"; value: string }
  | { kind: "email"; value: string }
  | { kind: "ip"; value: string };

/** The term `text` is, or undefined: an XDC address (xdc…) is the same account as its 0x form. */
export function searchTermOf(text: string): SearchTerm | undefined {
  const address = ADDRESS.exec(text);
  if (address) return { kind: "address", value: `0x${address[1]!.toLowerCase()}` };
  if (TX_HASH.test(text)) return { kind: "txHash", value: text.toLowerCase() };
  if (IP.safeParse(text).success) return { kind: "ip", value: text };
  if (EMAIL.test(text)) return { kind: "email", value: text };
  return undefined;
}

export const adminSearchQuerySchema = z.object({
  q: z
    .string({ error: ADMIN_SEARCH_MESSAGES.adminSearchHint })
    .trim()
    .max(320, ADMIN_SEARCH_MESSAGES.adminSearchHint)
    .refine((text) => searchTermOf(text) !== undefined, ADMIN_SEARCH_MESSAGES.adminSearchHint),
});

export const ADMIN_SEARCH_KINDS = ["operator", "node", "stake", "incentive"] as const;

/**
 * One record found: its kind, the id its page takes (an operator's wallet, a node's id, a stake's
 * `0x<wallet>-0x<node>`, an incentive's id), and words to recognise it by.
 */
export const adminSearchHitSchema = z.object({
  kind: z.enum(ADMIN_SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  detail: z.string(),
});
export type AdminSearchHit = z.infer<typeof adminSearchHitSchema>;

export const adminSearchResultSchema = z.object({ hits: z.array(adminSearchHitSchema) });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const ADMIN_SEARCH_CONTRACT = featureContract({ adminSearch: ADMIN_SEARCH_PATHS.root }, ADMIN_SEARCH_MESSAGES);
