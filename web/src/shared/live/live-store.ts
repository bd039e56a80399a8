import type { LiveTopic } from "@pli/api/public-contract";
import type { QueryClient } from "@tanstack/react-query";

/**
 * Query meta naming the live topics a query reads (chain facts or portal records): a live event on one of them
 * refreshes the query.
 */
export const liveMeta = (...topics: LiveTopic[]) => ({ liveTopics: topics });

/** The topics a query's meta names (none when it reads nothing from the chain). */
export function liveTopicsOf(meta: Record<string, unknown> | undefined): LiveTopic[] {
  const topics = meta?.liveTopics;
  return Array.isArray(topics) ? (topics as LiveTopic[]) : [];
}

let latestBlock: number | null = null;

/** The newest block the portal's indexer has announced over the live stream, or null before any. */
export const latestLiveBlock = () => latestBlock;

export function noteLiveBlock(block: number) {
  if (latestBlock === null || block > latestBlock) latestBlock = block;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The event's schema comes with the contract, loaded with the first event: the sign-in pages, which listen to the
 * public stream, do not download the contract's schemas to show themselves.
 */
const eventSchema = () => import("@pli/api/public-contract").then((contract) => contract.liveEventSchema);

/** Refreshes the queries whose meta names one of the topics of a live event (`data`: the event as the stream sent it). */
export async function applyLiveEvent(queryClient: QueryClient, data: string) {
  const parsed = (await eventSchema()).safeParse(parseJson(data));
  if (!parsed.success) return;
  noteLiveBlock(parsed.data.block);
  const topics = new Set(parsed.data.topics);
  void queryClient.invalidateQueries({
    predicate: (query) => liveTopicsOf(query.meta).some((topic) => topics.has(topic)),
  });
}
