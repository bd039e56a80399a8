/**
 * How long an answer is served again at most, even with no change announced: a backstop for facts that
 * move with the clock (the reputation window, '~' for a past payment date).
 */
const ANSWER_TTL_MS = 2_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  value: unknown;
  generation: number;
  storedAt: number;
}

/**
 * This instance's recent list answers, served again until anything they may read changes. Any change
 * bumps one generation: a portal record committed by any instance (the database announces each write to
 * the portal's tables at commit, migrations answer-invalidation and trusted-announcements), a block
 * indexed or taken back by a reorg, and any write request this instance answered with a success. An answer is kept only
 * under the generation its
 * read started in, so a read racing a change is never served again; concurrent misses of one key in one
 * generation share one read. Until the instance listens to the database's announcements (and while the
 * connection is lost) nothing is kept: changes could be missed.
 */
export class AnswerCache {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  #generation = 0;
  readonly #chainFacts = new Map<string, { generation: number; value: Promise<unknown> }>();
  #chainGeneration = 0;
  /** Facts read from some portal tables, with those tables: dropped when a change names one of them. */
  readonly #tableFacts = new Map<string, { tables: readonly string[]; value: Promise<unknown> }>();
  #listening = false;
  /** Answers given again (from the cache or a read under way) and answers read afresh, since the start. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly ttlMs = ANSWER_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The answer under `key`, from the cache when nothing changed since it was read, else from `read`. */
  async answer<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.#listening) {
      this.stats.misses++;
      return read();
    }
    const generation = this.#generation;
    const cached = this.#entries.get(key);
    if (cached && cached.generation === generation && this.now() - cached.storedAt < this.ttlMs) {
      this.stats.hits++;
      return cached.value as T;
    }
    const pending = this.#loading.get(key);
    if (pending && pending.generation === generation) {
      this.stats.hits++;
      return pending.promise as Promise<T>;
    }
    this.stats.misses++;
    const startedAt = this.now();
    const promise = read();
    this.#loading.set(key, { generation, promise });
    try {
      const value = await promise;
      if (this.#generation === generation && this.#listening)
        this.#keep(key, { value, generation, storedAt: startedAt });
      return value;
    } finally {
      if (this.#loading.get(key)?.promise === promise) this.#loading.delete(key);
    }
  }

  /**
   * Whether the answer under `key` is still `value`, as `answer` would give it from the cache now (nothing changed since
   * it was read, within the TTL, changes heard): counted as a hit when it is. An answer served again without asking
   * `answer` (api/src/shared/answer-replay.ts) is served only while this holds.
   */
  holds(key: string, value: unknown): boolean {
    if (!this.#listening) return false;
    const cached = this.#entries.get(key);
    if (!cached || cached.value !== value || cached.generation !== this.#generation) return false;
    if (this.now() - cached.storedAt >= this.ttlMs) return false;
    this.stats.hits++;
    return true;
  }

  /**
   * A fact read from the indexer's tables alone (how many stake positions there are), kept until the indexer indexes
   * or takes back blocks (chainChanged): a portal write, which empties the answers, does not make it read again. A
   * read racing a change is not served again, as with answers; nothing is kept while changes could be missed.
   */
  chainFact<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.#listening) return read();
    const generation = this.#chainGeneration;
    const kept = this.#chainFacts.get(key);
    if (kept && kept.generation === generation) return kept.value as Promise<T>;
    const value = read();
    this.#chainFacts.set(key, { generation, value });
    value.catch(() => {
      if (this.#chainFacts.get(key)?.value === value) this.#chainFacts.delete(key);
    });
    return value;
  }

  /**
   * A fact read from the portal tables `tables` alone (a node search's counts), kept until a change announced names one
   * of them, this instance answers a write, or the indexer indexes (tableChanges, written, chainChanged): a write to
   * another table, which empties the answers, does not make it read again. A read racing a change is not served again;
   * nothing is kept while changes could be missed.
   */
  tableFact<T>(key: string, tables: readonly string[], read: () => Promise<T>): Promise<T> {
    if (!this.#listening) return read();
    const kept = this.#tableFacts.get(key);
    if (kept) return kept.value as Promise<T>;
    const value = read();
    if (this.#tableFacts.size >= MAX_ENTRIES) this.#tableFacts.delete(this.#tableFacts.keys().next().value!);
    this.#tableFacts.set(key, { tables, value });
    value.catch(() => {
      if (this.#tableFacts.get(key)?.value === value) this.#tableFacts.delete(key);
    });
    return value;
  }

  /** Something an answer may read has changed: no answer read before now is served again. */
  changed(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /**
   * The database announced writes to the portal tables `tables` (null: a table it did not name): neither answers nor
   * the table facts reading one of them are used again.
   */
  tableChanges(tables: readonly (string | null)[]): void {
    if (tables.includes(null)) this.#tableFacts.clear();
    else
      for (const [key, fact] of this.#tableFacts)
        if (fact.tables.some((table) => tables.includes(table))) this.#tableFacts.delete(key);
    this.changed();
  }

  /** This instance answered a write, to tables it does not know: no answer or table fact read before now is used again. */
  written(): void {
    this.#tableFacts.clear();
    this.changed();
  }

  /** The indexer indexed blocks or took some back: no answer, chain fact or table fact read before now is used again. */
  chainChanged(): void {
    this.#chainGeneration++;
    this.#chainFacts.clear();
    this.#tableFacts.clear();
    this.changed();
  }

  /** Whether this instance hears every change announced; answers are kept only while it does. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.chainChanged();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bumped by every change: an answer kept under an earlier one is never served again. */
  get generation(): number {
    return this.#generation;
  }

  #keep(key: string, entry: Entry) {
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, entry);
  }
}
