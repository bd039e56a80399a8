import { describe, expect, it } from "vitest";
import { USER_TYPE } from "../public-contract/domain.ts";
import { AccountCache, type AccountFacts } from "./account-cache.ts";

const ID = "6c1f7a4e-0000-4000-8000-000000000001";
const live = (version: number): AccountFacts => ({ version, twofaOn: true, disabled: false });

/** A cache on a hand-moved clock, and a database stand-in that counts its reads. */
function setup(ttlMs = 2000) {
  let now = 0;
  const cache = new AccountCache(ttlMs, () => now);
  const stored = { facts: live(1) as AccountFacts | undefined, reads: 0 };
  const load = async () => {
    stored.reads += 1;
    return stored.facts;
  };
  const facts = (version = 1) => cache.facts(USER_TYPE.user, ID, version, load);
  return { cache, stored, facts, advance: (ms: number) => (now += ms) };
}

/** A load that resolves only when told, to order it against a forget. */
function deferred() {
  let resolve!: (facts: AccountFacts | undefined) => void;
  const promise = new Promise<AccountFacts | undefined>((done) => (resolve = done));
  return { promise, resolve };
}

describe("account cache", () => {
  it("reads an account once per TTL for a live session, and again after it", async () => {
    const { stored, facts, advance } = setup();
    expect(await facts()).toEqual(live(1));
    expect(await facts()).toEqual(live(1));
    expect(stored.reads).toBe(1);
    advance(2000);
    await facts();
    expect(stored.reads).toBe(2);
  });

  it("answers a forgotten account from the database at once (sign-out on this instance)", async () => {
    const { cache, stored, facts } = setup();
    await facts();
    stored.facts = live(2);
    cache.forget(USER_TYPE.user, ID);
    expect(await facts()).toEqual(live(2));
    expect(stored.reads).toBe(2);
  });

  it("keeps neither a disabled account, an absent one, nor a session of another version", async () => {
    const { stored, facts } = setup();
    stored.facts = { version: 1, twofaOn: true, disabled: true };
    await facts();
    await facts();
    stored.facts = undefined;
    await facts();
    stored.facts = live(2);
    await facts(1);
    await facts(1);
    expect(stored.reads).toBe(5);
  });

  it("shares one read between concurrent misses", async () => {
    const { stored, facts } = setup();
    await Promise.all([facts(), facts(), facts()]);
    expect(stored.reads).toBe(1);
  });

  it("does not keep or share a read that started before a forget", async () => {
    const cache = new AccountCache(2000, () => 0);
    const slow = deferred();
    const first = cache.facts(USER_TYPE.user, ID, 1, () => slow.promise);
    cache.forget(USER_TYPE.user, ID);
    let reads = 0;
    const after = cache.facts(USER_TYPE.user, ID, 1, async () => {
      reads += 1;
      return live(2);
    });
    slow.resolve(live(1));
    expect(await first).toEqual(live(1));
    expect(await after).toEqual(live(2));
    expect(reads).toBe(1);
    const fresh = { version: 1, twofaOn: false, disabled: false };
    expect(await cache.facts(USER_TYPE.user, ID, 1, async () => fresh)).toEqual(fresh);
  });

  it("does not keep a read slower than the TTL", async () => {
    let now = 0;
    const cache = new AccountCache(2000, () => now);
    let reads = 0;
    const load = async () => {
      reads += 1;
      now += 2500;
      return live(1);
    };
    await cache.facts(USER_TYPE.admin, ID, 1, load);
    await cache.facts(USER_TYPE.admin, ID, 1, load);
    expect(reads).toBe(2);
  });
});
