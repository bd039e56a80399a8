import type { Paged } from "../contract/responses.ts";

/** The spec's paged list shape. */
export function paged<T>(docs: T[], totalDocs: number, page: number, limit: number): Paged<T> {
  return { docs, totalDocs, page, limit, totalPages: Math.max(1, Math.ceil(totalDocs / limit)) };
}

/** An ILIKE pattern matching `q` anywhere, with the pattern's own wildcards escaped. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
