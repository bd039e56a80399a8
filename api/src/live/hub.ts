import { USER_TYPE, type UserType } from "../contract/domain.ts";
import { AnswerCache } from "./answer-cache.ts";
import { PUBLIC_TOPICS, type LiveEvent } from "./schema.ts";

/** Who a stream belongs to: an admin sees every event, an operator those naming their wallet and those of public topics alone. */
export interface Audience {
  userType: UserType;
  wallet?: string;
}

type Listener = (event: LiveEvent) => void;

const concerns = (audience: Audience, event: LiveEvent) =>
  audience.userType === USER_TYPE.admin ||
  (audience.wallet !== undefined && event.wallets.includes(audience.wallet.toLowerCase())) ||
  (event.topics.length > 0 && event.wallets.length === 0 && event.topics.every((topic) => PUBLIC_TOPICS.includes(topic)));

/** The open live streams of this API instance, and the events each should hear. */
export class LiveHub {
  private readonly listeners = new Map<Listener, Audience>();
  private last: LiveEvent | null = null;
  /** This instance's list answers, emptied by every event published here and every change announced. */
  readonly answers = new AnswerCache();

  subscribe(audience: Audience, listener: Listener): () => void {
    this.listeners.set(listener, audience);
    return () => {
      this.listeners.delete(listener);
    };
  }

  publish(event: LiveEvent): void {
    this.answers.changed();
    this.last = event;
    for (const [listener, audience] of this.listeners) if (concerns(audience, event)) listener(event);
  }

  /** The indexed block of the newest event published, for a stream that resumes from an older one. */
  latestBlock(): number | null {
    return this.last?.block ?? null;
  }

  get size(): number {
    return this.listeners.size;
  }
}
