import { afterEach, describe, expect, it, vi } from "vitest";
import { USER_TYPE } from "../public-contract/domain.ts";
import { KEEP_ALIVE_MS, LiveHub } from "./hub.ts";
import { RELEASE_AFTER_CLOSED, RELEASE_QUIET_MS } from "./memory-release.ts";
import type { LiveEvent } from "./schema.ts";

const wallet = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
const operator = (i: number) => ({ userType: USER_TYPE.user, wallet: wallet(i) });
const session = (i: number) => ({
  accountId: `account-${i}`,
  version: 1,
  exp: Date.now() / 1000 + 3600,
  end: () => {},
});

afterEach(() => {
  vi.useRealTimers();
});

describe("live hub", () => {
  it("routes an event to its wallet's streams alone, at a cost that does not grow with the streams it does not concern", () => {
    const hub = new LiveHub();
    let strays = 0;
    for (let i = 1; i <= 20_000; i++) hub.subscribe(operator(i), () => strays++);
    const heard = Array.from({ length: 5 }, () => [] as LiveEvent[]);
    // Mixed case, as a wallet signs in: the events name wallets in lowercase.
    const own = "0x00000000000000000000000000000000000ABCDE";
    for (const events of heard) hub.subscribe({ userType: USER_TYPE.user, wallet: own }, (event) => events.push(event));

    const started = performance.now();
    for (let block = 1; block <= 2_000; block++)
      hub.publish({ block, topics: ["stake"], wallets: [own.toLowerCase()] });
    const elapsed = performance.now() - started;

    expect(heard.map((events) => events.length)).toEqual([2_000, 2_000, 2_000, 2_000, 2_000]);
    expect(strays).toBe(0);
    // Looking at each of the 20,000 other streams for each event takes seconds; routing by wallet a few milliseconds.
    expect(elapsed).toBeLessThan(300);
  });

  it("sends an event naming a wallet twice once, and a public event to every stream", () => {
    const hub = new LiveHub();
    const heard: LiveEvent[][] = [[], [], []];
    hub.subscribe(operator(1), (event) => heard[0]!.push(event));
    hub.subscribe({ userType: USER_TYPE.admin }, (event) => heard[1]!.push(event));
    hub.subscribe({ userType: USER_TYPE.user }, (event) => heard[2]!.push(event));
    hub.publish({ block: 1, topics: ["stake", "reward"], wallets: [wallet(1), wallet(1)] });
    hub.publish({ block: 2, topics: ["limits"], wallets: [] });
    expect(heard.map((events) => events.map((event) => event.block))).toEqual([[1, 2], [1, 2], [2]]);
  });

  it("a closed or ended stream leaves nothing behind in the hub", () => {
    const hub = new LiveHub();
    const closes: (() => void)[] = [];
    for (let i = 0; i < 1_000; i++)
      closes.push(
        hub.subscribe(
          operator(i % 500),
          () => {},
          session(i % 500),
          () => {},
        ),
      );
    expect(hub.size).toBe(1_000);
    expect(hub.indexed).toEqual({ wallets: 500, accounts: 500 });

    for (const close of closes.slice(0, 998)) close();
    for (let i = 0; i < 500; i++) hub.sessionsChanged(USER_TYPE.user, `account-${i}`, undefined);
    expect(hub.size).toBe(0);
    expect(hub.indexed).toEqual({ wallets: 0, accounts: 0 });
  });

  it("keeps idle streams open from one timer, and only those that heard nothing for the keep-alive period", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    const hub = new LiveHub();
    const keepAlives = new Map<number, number[]>();
    const kept = (i: number) => () => keepAlives.set(i, [...(keepAlives.get(i) ?? []), Date.now()]);
    const started = Date.now();
    for (let i = 0; i < 1_000; i++) hub.subscribe(operator(i), () => {}, undefined, kept(i));
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(15_000);
    hub.publish({ block: 1, topics: ["stake"], wallets: [wallet(0)] });
    vi.advanceTimersByTime(KEEP_ALIVE_MS + 10_000);

    const at = (i: number) => keepAlives.get(i)?.map((time) => time - started);
    // Stream 1 was idle from the start, stream 0 from its event at 15 s; the timer looks every second.
    expect(at(1)).toEqual([KEEP_ALIVE_MS, 2 * KEEP_ALIVE_MS]);
    expect(at(0)).toEqual([15_000 + KEEP_ALIVE_MS]);
    expect(keepAlives.size).toBe(1_000);
  });

  it("asks for the memory of a crowd of streams back once, after they closed and the streams went quiet", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    let releases = 0;
    const hub = new LiveHub({ releaseMemory: () => releases++ });
    const open = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        hub.subscribe(
          operator(from + i),
          () => {},
          undefined,
          () => {},
        ),
      );
    const crowd = open(0, 3 * RELEASE_AFTER_CLOSED);

    // Steady streaming: events, keep-alives, a few streams closing and others opening.
    for (let block = 1; block <= 120; block++) {
      hub.publish({ block, topics: ["stake"], wallets: [wallet(block)] });
      if (block % 10 === 0) crowd.shift()!();
      vi.advanceTimersByTime(1_000);
    }
    crowd.push(...open(10_000, 12));
    vi.advanceTimersByTime(10 * RELEASE_QUIET_MS);
    expect(releases).toBe(0);

    // The crowd leaves over several seconds: nothing is asked while streams are still closing.
    const leaving = crowd.splice(0, 2 * RELEASE_AFTER_CLOSED);
    while (leaving.length > 0) {
      for (const close of leaving.splice(0, 100)) close();
      vi.advanceTimersByTime(RELEASE_QUIET_MS / 2);
    }
    expect(releases).toBe(0);
    vi.advanceTimersByTime(RELEASE_QUIET_MS);
    expect(releases).toBe(1);
    vi.advanceTimersByTime(10 * RELEASE_QUIET_MS);
    expect(releases).toBe(1);

    // Counted from what stayed open: fewer than RELEASE_AFTER_CLOSED more closing asks nothing, a second crowd asks again.
    for (const close of crowd.splice(0, RELEASE_AFTER_CLOSED / 2)) close();
    vi.advanceTimersByTime(10 * RELEASE_QUIET_MS);
    expect(releases).toBe(1);
    const second = open(20_000, 2 * RELEASE_AFTER_CLOSED);
    for (const close of second) close();
    vi.advanceTimersByTime(RELEASE_QUIET_MS);
    expect(releases).toBe(2);
  });

  it("asks nothing when a crowd that closed has opened again before the streams went quiet", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    let releases = 0;
    const hub = new LiveHub({ releaseMemory: () => releases++ });
    const open = () => Array.from({ length: 2 * RELEASE_AFTER_CLOSED }, (_, i) => hub.subscribe(operator(i), () => {}));
    for (const close of open()) close();
    open();
    vi.advanceTimersByTime(10 * RELEASE_QUIET_MS);
    expect(releases).toBe(0);
  });
});
