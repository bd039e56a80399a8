import { describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache.ts";
import { LiveHub } from "./hub.ts";

/** A read that counts its calls and resolves when told to. */
function reader<T>(value: T) {
  const calls: ((value: T) => void)[] = [];
  return {
    read: () => new Promise<T>((resolve) => calls.push(resolve)),
    calls,
    resolveAll: (result = value) => calls.splice(0).forEach((resolve) => resolve(result)),
  };
}

const listening = (ttlMs?: number, now?: () => number) => {
  const cache = new AnswerCache(ttlMs, now);
  cache.setListening(true);
  return cache;
};

describe("answer cache", () => {
  it("reads every time until the instance listens to the database's announcements", async () => {
    const cache = new AnswerCache();
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.answer("k", read)).toBe(1);
    expect(await cache.answer("k", read)).toBe(2);
    cache.setListening(true);
    expect(await cache.answer("k", read)).toBe(3);
    expect(await cache.answer("k", read)).toBe(3);
  });

  it("serves an answer again until something changes, then reads afresh", async () => {
    const cache = listening();
    let reads = 0;
    const read = async () => ({ page: ++reads });
    expect(await cache.answer("list", read)).toEqual({ page: 1 });
    expect(await cache.answer("list", read)).toEqual({ page: 1 });
    expect(await cache.answer("other", read)).toEqual({ page: 2 });
    cache.changed();
    expect(cache.size).toBe(0);
    expect(await cache.answer("list", read)).toEqual({ page: 3 });
  });

  it("counts each answer as a hit when given again (kept or shared) and as a miss when read afresh", async () => {
    const cache = new AnswerCache();
    await cache.answer("list", async () => 1);
    expect(cache.stats).toEqual({ hits: 0, misses: 1 });
    cache.setListening(true);
    const shared = reader("page");
    const both = [cache.answer("list", shared.read), cache.answer("list", shared.read)];
    shared.resolveAll();
    await Promise.all(both);
    await cache.answer("list", shared.read);
    expect(cache.stats).toEqual({ hits: 2, misses: 2 });
  });

  it("never keeps a read that a change overtook: the next request reads again", async () => {
    const cache = listening();
    const slow = reader("before the change");
    const first = cache.answer("list", slow.read);
    cache.changed();
    slow.resolveAll();
    expect(await first).toBe("before the change");
    expect(cache.size).toBe(0);
    let reads = 0;
    expect(await cache.answer("list", async () => `after ${++reads}`)).toBe("after 1");
  });

  it("lets concurrent misses of one key share one read, but not across a change", async () => {
    const cache = listening();
    const shared = reader("page");
    const answers = [cache.answer("list", shared.read), cache.answer("list", shared.read)];
    expect(shared.calls).toHaveLength(1);
    cache.changed();
    const later = cache.answer("list", shared.read);
    expect(shared.calls).toHaveLength(2);
    shared.resolveAll();
    expect(await Promise.all([...answers, later])).toEqual(["page", "page", "page"]);
  });

  it("does not keep a failed read", async () => {
    const cache = listening();
    await expect(cache.answer("list", () => Promise.reject(new Error("database down")))).rejects.toThrow(
      "database down",
    );
    expect(await cache.answer("list", async () => "fresh")).toBe("fresh");
  });

  it("reads again once an answer is older than its time to live, counted from when its read started", async () => {
    let now = 0;
    const cache = listening(2_000, () => now);
    let reads = 0;
    const read = async () => ++reads;
    await cache.answer("list", read);
    now = 1_999;
    expect(await cache.answer("list", read)).toBe(1);
    now = 2_000;
    expect(await cache.answer("list", read)).toBe(2);
  });

  it("stops keeping answers when it stops listening, and forgets those it had", async () => {
    const cache = listening();
    let reads = 0;
    const read = async () => ++reads;
    await cache.answer("list", read);
    cache.setListening(false);
    expect(await cache.answer("list", read)).toBe(2);
    expect(await cache.answer("list", read)).toBe(3);
    expect(cache.size).toBe(0);
  });

  it("holds a bounded number of answers, dropping the oldest first", async () => {
    const cache = listening();
    for (let i = 0; i < 2_001; i++) await cache.answer(`k${i}`, async () => i);
    expect(cache.size).toBe(2_000);
    expect(await cache.answer("k2000", async () => -1)).toBe(2_000);
    expect(await cache.answer("k0", async () => -1)).toBe(-1);
  });

  it("is emptied by every live event the hub publishes", async () => {
    const hub = new LiveHub();
    hub.answers.setListening(true);
    await hub.answers.answer("list", async () => "page");
    expect(hub.answers.size).toBe(1);
    hub.publish({ block: 7, topics: ["stake"], wallets: [] });
    expect(hub.answers.size).toBe(0);
  });
  it("keeps a chain fact through portal changes until the indexer indexes again, and not while deaf", async () => {
    const cache = new AnswerCache();
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.chainFact("positions", read)).toBe(1);
    expect(await cache.chainFact("positions", read)).toBe(2);
    cache.setListening(true);
    expect(await cache.chainFact("positions", read)).toBe(3);
    cache.changed();
    expect(await cache.chainFact("positions", read)).toBe(3);
    cache.chainChanged();
    expect(await cache.chainFact("positions", read)).toBe(4);
    cache.setListening(false);
    expect(await cache.chainFact("positions", read)).toBe(5);
  });

  it("shares a chain fact's read under way, and never keeps one that the indexer's change overtook", async () => {
    const cache = listening();
    const slow = reader(1);
    const both = [cache.chainFact("positions", slow.read), cache.chainFact("positions", slow.read)];
    expect(slow.calls).toHaveLength(1);
    cache.chainChanged();
    slow.resolveAll();
    expect(await Promise.all(both)).toEqual([1, 1]);
    expect(await cache.chainFact("positions", async () => 2)).toBe(2);
  });

  it("keeps a table fact through changes to other tables, until its table changes or this instance writes", async () => {
    const cache = new AnswerCache();
    let reads = 0;
    const read = async () => ++reads;
    const fact = () => cache.tableFact("counts", ["node_search"], read);
    expect(await fact()).toBe(1);
    expect(await fact()).toBe(2);
    cache.setListening(true);
    expect(await fact()).toBe(3);
    cache.changed();
    cache.tableChanges(["setting", "operator"]);
    expect(await fact()).toBe(3);
    cache.tableChanges(["setting", "node_search"]);
    expect(await fact()).toBe(4);
    cache.tableChanges([null]);
    expect(await fact()).toBe(5);
    cache.written();
    expect(await fact()).toBe(6);
    cache.chainChanged();
    expect(await fact()).toBe(7);
    cache.setListening(false);
    expect(await fact()).toBe(8);
  });

  it("empties the answers on any announced change, whichever tables it names", async () => {
    const cache = listening();
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.answer("list", read)).toBe(1);
    cache.tableChanges(["setting"]);
    expect(await cache.answer("list", read)).toBe(2);
  });

  it("never keeps a table fact that a change of its table overtook", async () => {
    const cache = listening();
    const slow = reader(1);
    const pending = cache.tableFact("counts", ["node_search"], slow.read);
    cache.tableChanges(["node_search"]);
    slow.resolveAll();
    expect(await pending).toBe(1);
    expect(await cache.tableFact("counts", ["node_search"], async () => 2)).toBe(2);
  });
});
