import { z } from "zod";
import { LIMITS } from "../public-contract/domain.ts";

/**
 * Zod building blocks shared by the features' request and response schemas. Pure: the web app
 * imports them (through @pli/api/public-contract) to check forms with the same rules.
 */
export const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const urlWith = (protocols: string[], label: string) =>
  text(500, label).refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `${label} must be a ${protocols.map((p) => p.replace(":", "://")).join(" or ")} URL`,
  );

export const idSchema = z.uuid({ error: "Invalid id" });

/** A wei amount as decimal text (amounts never travel as JSON numbers). */
export const weiSchema = z.string().regex(/^\d+$/);

/** A transaction hash a client names, lower-cased. */
export const txHashSchema = z
  .string({ error: "Transaction hash is required" })
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, "Enter a transaction hash (0x and 64 hex digits)")
  .transform((value) => value.toLowerCase());

export const deleteByIdSchema = z.object({ id: idSchema });

/**
 * A search term that is hex after XDC's address prefix (an address or part of one, as XDCPay and XDCScan show it):
 * lists search it as its 0x form, which is how every address is stored.
 */
const XDC_HEX = /^xdc[0-9a-f]+$/i;

export const listQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int().min(1).default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1)
    .max(LIMITS.maxPageSize)
    .default(LIMITS.pageSize),
  q: z
    .string()
    .trim()
    .max(100)
    .default("")
    .transform((q) => (XDC_HEX.test(q) ? `0x${q.slice(3)}` : q)),
});

/** How many rows of a list each status filter keeps (its chips beside 'Search by status'), in the chips' order. */
export const statusCountsSchema = <const S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({ counts: z.array(z.object({ status: z.enum(statuses), count: z.number().int() })) });

/** The spec's paged list shape. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    docs: z.array(item),
    totalDocs: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  });
export interface Paged<T> {
  docs: T[];
  totalDocs: number;
  page: number;
  limit: number;
  totalPages: number;
}

export const messageSchema = z.object({ message: z.string() });
export const tokenSchema = z.object({ token: z.string() });
/** A change that ends the earlier sessions answers with a fresh token for the person who made it. */
export const renewedSessionSchema = z.object({ message: z.string(), token: z.string() });
export const errorSchema = z.object({
  error: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  id: z.string().optional(),
});
