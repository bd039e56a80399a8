import { notifyManager, QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import {
  applyLiveEvent,
  latestLiveBlock,
  liveMeta,
  liveMetaFrom,
  liveTopicsOf,
  noteLiveBlock,
  refreshLiveQueries,
} from "./live-store";

describe("live store", () => {
  it("reads the chain topics a query names in its meta, and none otherwise", () => {
    expect(liveTopicsOf(liveMeta("stake", "whitelist"))).toEqual(["stake", "whitelist"]);
    expect(liveTopicsOf(undefined)).toEqual([]);
    expect(liveTopicsOf({ other: true })).toEqual([]);
  });

  it("keeps the newest announced block, never going back", () => {
    noteLiveBlock(10);
    noteLiveBlock(7);
    expect(latestLiveBlock()).toBe(10);
    noteLiveBlock(12);
    expect(latestLiveBlock()).toBe(12);
  });
});

describe("a live event applied to the cached queries", () => {
  /** A client holding a total (set from an event that carries it) and a list of the same topic, each counting fetches. */
  function cachedQueries() {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const fetches = { total: 0, list: 0 };
    const total = {
      queryKey: ["stake", "total", "all"],
      meta: liveMetaFrom((event) => (event.tillStake === undefined ? undefined : BigInt(event.tillStake)), "stake"),
      queryFn: async () => {
        fetches.total += 1;
        return 5n;
      },
    };
    const list = {
      queryKey: ["stake", "list"],
      meta: liveMeta("stake"),
      queryFn: async () => {
        fetches.list += 1;
        return ["row"];
      },
    };
    return { client, fetches, total, list };
  }
  /** Watches `options` as a mounted component would (so a refresh refetches it) until the test ends. */
  async function watched<T>(client: QueryClient, options: { queryKey: unknown[]; queryFn: () => Promise<T> }) {
    const observer = new QueryObserver(client, options);
    onTestFinished(observer.subscribe(() => undefined));
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  }
  const event = (fields: Record<string, unknown>) =>
    JSON.stringify({ block: 20, topics: ["stake"], wallets: ["0xabc"], ...fields });

  it("shows the total an event carries at once, without asking the API for it, and refetches the rest", async () => {
    const { client, fetches, total, list } = cachedQueries();
    await watched(client, total);
    await watched(client, list);

    await applyLiveEvent(client, event({ tillStake: "51000000000000000000000" }));

    expect(client.getQueryData(total.queryKey)).toBe(51_000n * 10n ** 18n);
    await vi.waitFor(() => expect(fetches.list).toBe(2));
    expect(fetches.total, "the total is not asked for again").toBe(1);
  });

  it("tells the total's watchers its new value before the refetches of the rest start", async () => {
    const { client, total, list } = cachedQueries();
    const order: string[] = [];
    const totalObserver = new QueryObserver(client, total);
    // As useQuery subscribes: the observer's news reaches React through TanStack Query's scheduled notifications.
    onTestFinished(
      totalObserver.subscribe(notifyManager.batchCalls((result) => order.push(`total ${String(result.data)}`))),
    );
    await vi.waitFor(() => expect(totalObserver.getCurrentResult().isSuccess).toBe(true));
    await watched(client, {
      ...list,
      queryFn: () => {
        order.push("list fetched");
        return list.queryFn();
      },
    });
    order.length = 0;

    await applyLiveEvent(client, event({ tillStake: "9" }));

    await vi.waitFor(() => expect(order).toContain("list fetched"));
    expect(order.indexOf("total 9")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("total 9")).toBeLessThan(order.indexOf("list fetched"));
  });

  it("refetches the total when the event carries none (a catch-up event)", async () => {
    const { client, fetches, total } = cachedQueries();
    await watched(client, total);

    await applyLiveEvent(client, event({}));

    await vi.waitFor(() => expect(fetches.total).toBe(2));
    expect(client.getQueryData(total.queryKey)).toBe(5n);
  });

  it("keeps the total an event carries over the answer of a fetch asked before the event", async () => {
    const { client, total } = cachedQueries();
    let answer: (value: bigint) => void = () => undefined;
    const slow = { ...total, queryFn: () => new Promise<bigint>((resolve) => (answer = resolve)) };
    const query = client.getQueryCache().build(client, slow);
    const fetching = query.fetch().catch(() => undefined);

    await applyLiveEvent(client, event({ tillStake: "7" }));
    answer(3n);
    await fetching;

    expect(client.getQueryData(total.queryKey)).toBe(7n);
  });
});

describe("a live stream that opens", () => {
  it("reads again every query of a live topic, and no other", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const fetches = { live: 0, other: 0 };
    const observe = (queryKey: string[], meta: Record<string, unknown> | undefined, count: keyof typeof fetches) => {
      const observer = new QueryObserver(client, {
        queryKey,
        meta,
        queryFn: async () => (fetches[count] += 1),
      });
      onTestFinished(observer.subscribe(() => undefined));
      return observer;
    };
    const live = observe(["unchecked", "1"], liveMeta("limits"), "live");
    const other = observe(["faq"], undefined, "other");
    await vi.waitFor(() => expect(live.getCurrentResult().isSuccess && other.getCurrentResult().isSuccess).toBe(true));

    await refreshLiveQueries(client);

    expect(fetches).toEqual({ live: 2, other: 1 });
  });
});
