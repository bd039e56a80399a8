import { scanUnlocks } from "../alert/index.ts";
import type { Db } from "../db/database.ts";
import { matchPayments } from "../incentive/index.ts";
import { reconcileStakedNodes } from "../node/index.ts";
import type { Log } from "../shared/logger.ts";
import type { LiveTopic } from "./schema.ts";

/**
 * matchPayments one run at a time: a call resolves once a run that started after it has finished, and calls made
 * while one waits to start share it, so runs the event does not wait for never pile up (each would hold a
 * connection while another instance holds the matching lock).
 */
function oneMatchingAtATime(db: Db, priceFeed: string | undefined) {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<unknown> | null = null;
  return () => {
    if (waiting) return waiting;
    const run = tail.then(() => {
      waiting = null;
      return matchPayments(db, new Date(), priceFeed);
    });
    waiting = run;
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * What follows each newly indexed range, as listenToIndexer's beforePublish: nodes follow their stakes before the
 * event goes out, so a page a stake event refreshes shows its node Active; incentive rows follow their payments before
 * an event naming rewards goes out. On a range without a reward change, matching can only take back a payment a reorg
 * removed, and the incentive row's own announcement relays that, so the event does not wait for it: its transaction
 * (several round trips under a lock every instance shares) was most of the time from an indexed top-up to its event.
 * Payout and unlock mails follow.
 */
export function chainFollowUps({
  db,
  log,
  wakeMail,
  priceFeed,
}: {
  db: Db;
  log: Log;
  wakeMail: () => void;
  /** The API's PRICE_FEED_ADDRESS: payout alerts carry USD by it. */
  priceFeed: string | undefined;
}) {
  const match = oneMatchingAtATime(db, priceFeed);
  return async (topics: readonly LiveTopic[]) => {
    const payments = match().then(wakeMail);
    const rewards = topics.includes("reward");
    if (!rewards) payments.catch((error: unknown) => log.error({ err: error }, "incentives: matching payments failed"));
    await Promise.all([reconcileStakedNodes(db), rewards ? payments : undefined]);
    wakeMail();
    void scanUnlocks(db).then(
      (recorded) => (recorded > 0 ? wakeMail() : undefined),
      (error: unknown) => log.error({ err: error }, "alerts: unlock scan failed"),
    );
  };
}
