import { isIPv6 } from "node:net";
import type { CompiledQuery, QueryExecutorProvider, ReferenceExpression, SelectQueryBuilder } from "kysely";
import type { Paged } from "./schema.ts";

/**
 * A search term in the spelling addresses are stored in: an `xdc…` address (or at least six of its hex digits) as
 * `0x…`, a whole IPv6 address compressed and in lowercase (as node IP addresses are kept). Any other term as typed:
 * `xdc` alone is a word of network names.
 */
export function storedSpelling(q: string): string {
  if (/^xdc[0-9a-f]{6,}$/i.test(q)) return `0x${q.slice(3)}`;
  if (isIPv6(q)) return new URL(`http://[${q}]`).hostname.slice(1, -1);
  return q;
}

/** An ILIKE pattern matching `q` anywhere, with the pattern's own wildcards escaped. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Narrows `query` to rows where any of `columns` contains `q` (case-insensitive); all rows when q is empty. */
export function whereContains<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: ReferenceExpression<DB, TB>[],
  q: string,
): SelectQueryBuilder<DB, TB, O> {
  if (!q) return query;
  const pattern = containsPattern(q);
  return query.where((eb) => eb.or(columns.map((column) => eb(column, "ilike", pattern))));
}

/**
 * One page of a list and the total of its filter, for every paged route: `filtered` holds the
 * filter (owner scope, search), `select` adds the columns and a stable order.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: O[]; total: number }> {
  const [rows, count] = await Promise.all([
    select(filtered)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { total: string }).total) };
}

/** Every row of a query, chunk by chunk through a Postgres cursor: constant memory for exports of any size. */
export async function* rowsOf<O>(
  query: { stream(chunkSize?: number): AsyncIterableIterator<O> },
  chunkSize = 1000,
): AsyncGenerator<O> {
  yield* query.stream(chunkSize);
}

/**
 * Every row of a query in batches of `chunkSize` through a Postgres cursor: constant memory, and one
 * await per batch instead of per row (for exports of a million rows). The next batch is asked for
 * before this one is handed on, so Postgres makes it while the caller formats and sends this one
 * (otherwise the two take turns and their times add up); at most two batches are held.
 */
export async function* batchesOf<O>(
  db: QueryExecutorProvider,
  query: { compile(): CompiledQuery<O> },
  chunkSize = 5000,
): AsyncGenerator<O[]> {
  const results = db.getExecutor().stream(query.compile(), chunkSize)[Symbol.asyncIterator]();
  let next = results.next();
  try {
    for (let result = await next; !result.done; result = await next) {
      next = results.next();
      yield result.value.rows;
    }
  } finally {
    await next.catch(() => undefined);
    await results.return?.();
  }
}

/** The spec's paged list shape. */
export function paged<T>(docs: T[], totalDocs: number, page: number, limit: number): Paged<T> {
  return { docs, totalDocs, page, limit, totalPages: Math.max(1, Math.ceil(totalDocs / limit)) };
}

/** The offset window of a page. */
export interface Window {
  limit: number;
  offset: number;
}

/** A page's row with the count of all the rows matching (a window function or subquery in the same query). */
export type Counted<T> = T & { total: bigint | string | number };

/** A page's rows without their count, and the count (from the first row, or `count` for an empty page). */
export async function withTotal<T>(rows: Counted<T>[], count: () => Promise<{ total: bigint | string | number }[]>) {
  const total = Number(rows[0] ? rows[0].total : ((await count())[0]?.total ?? 0));
  return { rows: rows.map(({ total: _total, ...row }) => row as T), total };
}
