import type { UserType } from "../public-contract/domain.ts";

/**
 * How long this instance trusts what it read of an account's sessions (enabled, session version, 2FA)
 * without asking the database again. A change made through this instance ends the sessions at once
 * (the paths that bump session_version call forgetAccount); a change made through another instance
 * or a script reaches this one as soon as its live listener reads the database's announcement of it
 * (api/src/live/indexer-listener.ts), and within this time at worst.
 */
export const ACCOUNT_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 10_000;

/** What a session check needs of an account: present, enabled, its session version and 2FA state. */
export interface AccountFacts {
  version: number;
  twofaOn: boolean;
  disabled: boolean;
}

/** Whether an account with these facts accepts a session of `version`: present, enabled, same version. */
export const acceptsSession = (facts: AccountFacts | undefined, version: number): facts is AccountFacts =>
  facts !== undefined && !facts.disabled && facts.version === version;

interface Entry {
  facts: AccountFacts;
  expiresAt: number;
}

/**
 * A short-lived cache of accounts' session facts keyed by (account, session version): only a live
 * session's facts are kept (absent and disabled accounts are read every time), and concurrent misses
 * of one key share one read. A read that started before a forgetAccount of its account is neither
 * kept nor shared with later requests, and a read slower than the TTL is not kept, so a read racing a
 * sign-out cannot bring the old version back.
 */
export class AccountCache {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, { promise: Promise<AccountFacts | undefined>; tick: number }>();
  /** Per account, the tick and time of its last forgetAccount, kept for one TTL. */
  readonly #forgotten = new Map<string, { tick: number; at: number }>();
  #tick = 0;

  constructor(
    private readonly ttlMs = ACCOUNT_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The account's facts for a session of `version`, from the cache or `load`. */
  async facts(
    userType: UserType,
    id: string,
    version: number,
    load: () => Promise<AccountFacts | undefined>,
  ): Promise<AccountFacts | undefined> {
    const kept = this.kept(userType, id, version);
    if (kept) return kept;
    const account = `${userType}:${id}`;
    const key = `${account}:${version}`;
    const forgottenTick = () => this.#forgotten.get(account)?.tick ?? 0;
    const pending = this.#loading.get(key);
    if (pending && pending.tick > forgottenTick()) return pending.promise;
    const tick = ++this.#tick;
    const startedAt = this.now();
    const promise: Promise<AccountFacts | undefined> = load().finally(() => {
      if (this.#loading.get(key)?.promise === promise) this.#loading.delete(key);
    });
    this.#loading.set(key, { promise, tick });
    const facts = await promise;
    if (acceptsSession(facts, version) && forgottenTick() < tick && this.now() - startedAt < this.ttlMs)
      this.#keep(key, facts);
    return facts;
  }

  /** The account's facts for a session of `version` while the cache holds them fresh, without waiting; else undefined. */
  kept(userType: UserType, id: string, version: number): AccountFacts | undefined {
    const cached = this.#entries.get(`${userType}:${id}:${version}`);
    return cached && cached.expiresAt > this.now() ? cached.facts : undefined;
  }

  /** Drops what is known of the account: call it once a change to its sessions is committed. */
  forget(userType: UserType, id: string): void {
    const account = `${userType}:${id}`;
    const now = this.now();
    for (const key of this.#entries.keys()) if (key.startsWith(`${account}:`)) this.#entries.delete(key);
    for (const [other, mark] of this.#forgotten) if (mark.at + this.ttlMs < now) this.#forgotten.delete(other);
    this.#forgotten.set(account, { tick: ++this.#tick, at: now });
  }

  #keep(key: string, facts: AccountFacts) {
    const now = this.now();
    if (this.#entries.size >= MAX_ENTRIES) {
      for (const [old, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(old);
      for (const old of this.#entries.keys()) {
        if (this.#entries.size < MAX_ENTRIES) break;
        this.#entries.delete(old);
      }
    }
    this.#entries.set(key, { facts, expiresAt: now + this.ttlMs });
  }
}

/** This instance's account cache (every app in the process shares it: accounts are keyed by their uuid). */
export const accountCache = new AccountCache();

/**
 * Ends, on this instance at once, what is cached of an account whose sessions changed (sign-out, 2FA, password,
 * access).
 */
export const forgetAccount = (userType: UserType, id: string) => accountCache.forget(userType, id);
