import type { LiveEvent, LiveTopic } from "@pli/api/public-contract";
import type { QueryClient } from "@tanstack/react-query";

/**
 * Query meta naming the live topics a query reads (chain facts or portal records): a live event on one of them
 * refreshes the query.
 */
export const liveMeta = (...topics: LiveTopic[]) => ({ liveTopics: topics });

/**
 * liveMeta for a query whose new data a live event may carry: `fromEvent` returns it, or undefined when the event does
 * not carry it; an event that does sets the query's data at once instead of refetching it.
 */
export const liveMetaFrom = <T>(fromEvent: (event: LiveEvent) => T | undefined, ...topics: LiveTopic[]) => ({
  ...liveMeta(...topics),
  liveData: fromEvent,
});

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
const loadEventSchema = () => import("@pli/api/public-contract").then((contract) => contract.liveEventSchema);
/** The event's schema once loaded: the events after the first are read at once, without waiting on the import. */
let eventSchema: Awaited<ReturnType<typeof loadEventSchema>> | undefined;

/** The data a query's meta (liveMetaFrom) takes from `event`, or undefined. */
function dataFrom(meta: Record<string, unknown> | undefined, event: LiveEvent): unknown {
  const fromEvent = meta?.liveData;
  return typeof fromEvent === "function" ? (fromEvent as (event: LiveEvent) => unknown)(event) : undefined;
}

/**
 * Brings the queries whose meta names one of the topics of a live event (`data`: the event as the stream sent it) up
 * to date: sets those whose new data the event carries, refetches the others. What the event carries is drawn first:
 * the refetches start a task later, once TanStack Query has told its observers (its notifications go out in a
 * `setTimeout(0)` of their own) and React has drawn them, so starting their requests does not hold up the new figures.
 */
export async function applyLiveEvent(queryClient: QueryClient, data: string) {
  const schema = eventSchema ?? (eventSchema = await loadEventSchema());
  const parsed = schema.safeParse(parseJson(data));
  if (!parsed.success) return;
  const event = parsed.data;
  noteLiveBlock(event.block);
  const topics = new Set(event.topics);
  const concerned = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => liveTopicsOf(query.meta).some((topic) => topics.has(topic)) });
  const carried = new Set<(typeof concerned)[number]>();
  for (const query of concerned) {
    const value = dataFrom(query.meta, event);
    if (value === undefined) continue;
    queryClient.setQueryData(query.queryKey, value);
    void queryClient.cancelQueries({ queryKey: query.queryKey, exact: true });
    carried.add(query);
  }
  if (carried.size > 0) await new Promise((resolve) => setTimeout(resolve, 0));
  void queryClient.invalidateQueries({ predicate: (query) => concerned.includes(query) && !carried.has(query) });
}

/**
 * Refetches every query that reads live topics. A stream that just opened hears only what is indexed from then on, so
 * whatever a page read before (its first lists load while the stream connects) may have missed a block in between.
 */
export function refreshLiveQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => liveTopicsOf(query.meta).length > 0 });
}
