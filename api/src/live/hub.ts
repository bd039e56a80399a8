import { acceptsSession, type AccountFacts } from "../auth/index.ts";
import { USER_TYPE, type UserType } from "../public-contract/domain.ts";
import { AnswerCache } from "./answer-cache.ts";
import { CrowdWatch } from "./memory-release.ts";
import { PUBLIC_TOPICS, type LiveEvent } from "./schema.ts";

/**
 * Who a stream belongs to: an admin sees every event, an operator those naming their wallet and those of public topics
 * alone.
 */
export interface Audience {
  userType: UserType;
  wallet?: string;
}

/** The session a stream was opened with, and how to end the stream once that session has ended. */
export interface StreamSession {
  accountId: string;
  /** The token's session version. */
  version: number;
  /** The token's expiry, in seconds since the epoch. */
  exp: number;
  end: () => void;
}

type Listener = (event: LiveEvent) => void;

interface Subscription {
  listener: Listener;
  keepAlive?: () => void;
  userType: UserType;
  /** The operator's wallet, lowercase: the key of the hub's index of streams by wallet. */
  wallet?: string;
  /** `userType:accountId` of the session, the key of the hub's index of streams by account. */
  account?: string;
  session?: StreamSession;
  expiry?: NodeJS.Timeout;
  /** When the stream was last sent anything, in ms since the epoch. */
  sentAt: number;
}

/** setTimeout's longest delay; a longer-lived token's stream is ended then and the client opens it again. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/**
 * A stream that has been sent nothing for this long gets a keep-alive, so that proxies (nginx's proxy_read_timeout is
 * 60 s by default) and browsers keep an idle stream open.
 */
export const KEEP_ALIVE_MS = 25_000;
/**
 * How often the one keep-alive timer of the hub looks for idle streams: each gets one 25 to 26 s after its last, so
 * streams opened over a minute get theirs spread over the seconds, not all at once.
 */
const KEEP_ALIVE_TICK_MS = 1_000;

const isPublic = (event: LiveEvent) =>
  event.topics.length > 0 && event.wallets.length === 0 && event.topics.every((topic) => PUBLIC_TOPICS.includes(topic));

/** Adds `value` to the set under `key`, creating it. */
function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V) {
  const set = index.get(key);
  if (set) set.add(value);
  else index.set(key, new Set([value]));
}

/** Removes `value` from the set under `key`, and the key with its last value, so that closed streams leave nothing. */
function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V) {
  const set = index.get(key);
  if (!set?.delete(value)) return;
  if (set.size === 0) index.delete(key);
}

/**
 * The open live streams of this API instance, and the events each should hear. Streams are indexed by wallet and by
 * account: an event reaches the streams of the wallets it names (and admins') without looking at any other stream, so
 * the cost of an event does not grow with the streams it does not concern.
 */
export class LiveHub {
  private readonly all = new Set<Subscription>();
  private readonly admins = new Set<Subscription>();
  private readonly byWallet = new Map<string, Set<Subscription>>();
  private readonly byAccount = new Map<string, Set<Subscription>>();
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private last: LiveEvent | null = null;
  /** This instance's list answers, emptied by every event published here and every change announced. */
  readonly answers = new AnswerCache();
  private readonly crowd: CrowdWatch | undefined;

  /**
   * With `releaseMemory`, the hub calls it once a crowd of streams has closed and the streams have been quiet a while
   * (CrowdWatch): V8 may otherwise keep the garbage they left for as long as the API stays quiet.
   */
  constructor({ releaseMemory }: { releaseMemory?: () => void } = {}) {
    this.crowd = releaseMemory && new CrowdWatch(() => this.all.size, releaseMemory);
  }

  /**
   * Adds a stream. With `session`, the stream is ended at the token's exp and when the account's
   * sessions change so that it no longer accepts this one (sessionsChanged). With `keepAlive`, the hub's one timer
   * calls it whenever the stream has been sent nothing for KEEP_ALIVE_MS.
   */
  subscribe(audience: Audience, listener: Listener, session?: StreamSession, keepAlive?: () => void): () => void {
    const subscription: Subscription = {
      listener,
      keepAlive,
      userType: audience.userType,
      wallet: audience.wallet?.toLowerCase(),
      account: session && `${audience.userType}:${session.accountId}`,
      session,
      sentAt: Date.now(),
    };
    if (session) {
      subscription.expiry = setTimeout(
        () => this.end(subscription),
        Math.min(LONGEST_TIMER_MS, Math.max(0, session.exp * 1000 - Date.now())),
      );
      subscription.expiry.unref();
    }
    this.all.add(subscription);
    if (subscription.userType === USER_TYPE.admin) this.admins.add(subscription);
    else if (subscription.wallet !== undefined) addTo(this.byWallet, subscription.wallet, subscription);
    if (subscription.account !== undefined) addTo(this.byAccount, subscription.account, subscription);
    if (keepAlive && !this.keepAliveTimer) {
      this.keepAliveTimer = setInterval(() => this.sendKeepAlives(), KEEP_ALIVE_TICK_MS);
      this.keepAliveTimer.unref();
    }
    this.crowd?.changed();
    return () => this.remove(subscription);
  }

  /**
   * Sends `event` to the streams it concerns; an operator's stream gets it naming its own wallet alone, and when that
   * wallet has an entry in `stakeTotals` (wallet -> wei) that entry alone as the event's tillStake: never another
   * operator's wallet or total.
   */
  publish(event: LiveEvent, stakeTotals?: ReadonlyMap<string, string>): void {
    this.answers.changed();
    this.last = event;
    const now = Date.now();
    const deliver = (subscription: Subscription, sent: LiveEvent) => {
      subscription.sentAt = now;
      subscription.listener(sent);
    };
    if (isPublic(event)) {
      for (const subscription of this.all) deliver(subscription, event);
      return;
    }
    for (const subscription of this.admins) deliver(subscription, event);
    for (const wallet of new Set(event.wallets.map((named) => named.toLowerCase()))) {
      const streams = this.byWallet.get(wallet);
      if (!streams) continue;
      const tillStake = stakeTotals?.get(wallet);
      const own = { ...event, wallets: [wallet], ...(tillStake === undefined ? {} : { tillStake }) };
      for (const subscription of streams) deliver(subscription, own);
    }
  }

  /**
   * An account's sessions changed (signed out, password or 2FA changed, disabled, deleted) and it now
   * has `facts`: ends its streams whose session it no longer accepts. They hear nothing more.
   */
  sessionsChanged(userType: UserType, accountId: string, facts: AccountFacts | undefined): void {
    for (const subscription of [...(this.byAccount.get(`${userType}:${accountId}`) ?? [])])
      if (!acceptsSession(facts, subscription.session!.version)) this.end(subscription);
  }

  /** The accounts with a stream open under a session, each once. */
  streamAccounts(): { type: UserType; id: string }[] {
    return [...this.byAccount.keys()].map((key) => {
      const at = key.indexOf(":");
      return { type: key.slice(0, at) as UserType, id: key.slice(at + 1) };
    });
  }

  /** Sends a keep-alive to every stream that has been sent nothing for KEEP_ALIVE_MS by `now` (the hub's timer's call). */
  sendKeepAlives(now = Date.now()): void {
    for (const subscription of this.all) {
      if (!subscription.keepAlive || now - subscription.sentAt < KEEP_ALIVE_MS) continue;
      subscription.sentAt = now;
      subscription.keepAlive();
    }
  }

  /** The indexed block of the newest event published, for a stream that resumes from an older one. */
  latestBlock(): number | null {
    return this.last?.block ?? null;
  }

  get size(): number {
    return this.all.size;
  }

  /** How many wallets and accounts the hub's indexes hold: those of open streams alone. */
  get indexed(): { wallets: number; accounts: number } {
    return { wallets: this.byWallet.size, accounts: this.byAccount.size };
  }

  private remove(subscription: Subscription): boolean {
    if (!this.all.delete(subscription)) return false;
    clearTimeout(subscription.expiry);
    this.admins.delete(subscription);
    if (subscription.wallet !== undefined) removeFrom(this.byWallet, subscription.wallet, subscription);
    if (subscription.account !== undefined) removeFrom(this.byAccount, subscription.account, subscription);
    if (this.all.size === 0) {
      clearInterval(this.keepAliveTimer);
      this.keepAliveTimer = undefined;
    }
    this.crowd?.changed();
    return true;
  }

  private end(subscription: Subscription) {
    if (this.remove(subscription)) subscription.session?.end();
  }
}
