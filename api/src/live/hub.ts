import { acceptsSession, type AccountFacts } from "../auth/index.ts";
import { USER_TYPE, type UserType } from "../public-contract/domain.ts";
import { AnswerCache } from "./answer-cache.ts";
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
  audience: Audience;
  session?: StreamSession;
  expiry?: NodeJS.Timeout;
}

/** setTimeout's longest delay; a longer-lived token's stream is ended then and the client opens it again. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const concerns = (audience: Audience, event: LiveEvent) =>
  audience.userType === USER_TYPE.admin ||
  (audience.wallet !== undefined && event.wallets.includes(audience.wallet.toLowerCase())) ||
  (event.topics.length > 0 &&
    event.wallets.length === 0 &&
    event.topics.every((topic) => PUBLIC_TOPICS.includes(topic)));

/** The open live streams of this API instance, and the events each should hear. */
export class LiveHub {
  private readonly listeners = new Map<Listener, Subscription>();
  private last: LiveEvent | null = null;
  /** This instance's list answers, emptied by every event published here and every change announced. */
  readonly answers = new AnswerCache();

  /**
   * Adds a stream. With `session`, the stream is ended at the token's exp and when the account's
   * sessions change so that it no longer accepts this one (sessionsChanged).
   */
  subscribe(audience: Audience, listener: Listener, session?: StreamSession): () => void {
    const subscription: Subscription = { audience, session };
    if (session) {
      subscription.expiry = setTimeout(
        () => this.end(listener),
        Math.min(LONGEST_TIMER_MS, Math.max(0, session.exp * 1000 - Date.now())),
      );
      subscription.expiry.unref();
    }
    this.listeners.set(listener, subscription);
    return () => {
      clearTimeout(subscription.expiry);
      this.listeners.delete(listener);
    };
  }

  /**
   * Sends `event` to the streams it concerns; an operator's stream whose wallet has an entry in `stakeTotals` (wallet
   * -> wei) gets that entry alone as the event's tillStake, never another wallet's.
   */
  publish(event: LiveEvent, stakeTotals?: ReadonlyMap<string, string>): void {
    this.answers.changed();
    this.last = event;
    for (const [listener, { audience }] of this.listeners) {
      if (!concerns(audience, event)) continue;
      const tillStake =
        audience.userType === USER_TYPE.admin ? undefined : stakeTotals?.get(audience.wallet?.toLowerCase() ?? "");
      listener(tillStake === undefined ? event : { ...event, tillStake });
    }
  }

  /**
   * An account's sessions changed (signed out, password or 2FA changed, disabled, deleted) and it now
   * has `facts`: ends its streams whose session it no longer accepts. They hear nothing more.
   */
  sessionsChanged(userType: UserType, accountId: string, facts: AccountFacts | undefined): void {
    for (const [listener, { audience, session }] of this.listeners) {
      if (
        session &&
        audience.userType === userType &&
        session.accountId === accountId &&
        !acceptsSession(facts, session.version)
      )
        this.end(listener);
    }
  }

  /** The indexed block of the newest event published, for a stream that resumes from an older one. */
  latestBlock(): number | null {
    return this.last?.block ?? null;
  }

  get size(): number {
    return this.listeners.size;
  }

  private end(listener: Listener) {
    const subscription = this.listeners.get(listener);
    if (!subscription) return;
    clearTimeout(subscription.expiry);
    this.listeners.delete(listener);
    subscription.session?.end();
  }
}
