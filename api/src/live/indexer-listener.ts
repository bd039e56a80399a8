import { sql } from "kysely";
import pg from "pg";
import { getIndexedBlock } from "../chain/views.ts";
import type { Db } from "../db/database.ts";
import { ANSWER_CHANNEL } from "../db/migrations/2026-11-26T10-00-00_answer-invalidation.ts";
import type { LiveHub } from "./hub.ts";
import { PUBLIC_TOPICS, reviewAnnouncementSchema, type LiveTopic } from "./schema.ts";

/** Ponder notifies this channel after each indexed block when it publishes its views in the `chain` schema. */
export const INDEXER_CHANNEL = "chain_live_query";
/** The database announces each created, reviewed or deleted node, job and request (migration review-notifications) and each ticket opened, answered or closed (migration ticket-notifications) here. */
export const REVIEW_CHANNEL = "app_live";

const RECONNECT_MS = 1_000;

/** The chain facts that changed after `after` and before or at `upTo`, as (topic, wallet) pairs. */
async function changesBetween(db: Db, after: number, upTo: number) {
  const { rows } = await sql<{ topic: LiveTopic; wallet: string }>`
    SELECT DISTINCT 'stake' AS topic, wallet FROM chain.stake_event WHERE block_number > ${after} AND block_number <= ${upTo}
    UNION SELECT DISTINCT 'whitelist', wallet FROM chain.whitelist WHERE block_number > ${after} AND block_number <= ${upTo}
    UNION SELECT DISTINCT 'reward', wallet FROM chain.reward_payment WHERE block_number > ${after} AND block_number <= ${upTo}
    UNION SELECT DISTINCT 'reward', depositor FROM chain.reward_deposit WHERE block_number > ${after} AND block_number <= ${upTo}
    UNION SELECT DISTINCT 'limits', sender FROM chain.stake_limit_change WHERE block_number > ${after} AND block_number <= ${upTo}`.execute(db);
  return rows;
}

/**
 * Listens to the indexer's notifications on a connection of its own and publishes, for each newly
 * indexed block range, which topics changed for which wallets; relays the database's announcements
 * of changed portal records as they commit, whichever API instance made the change. Notifications that arrive during a
 * scan are folded into the next scan; a lost connection is reopened and nothing is missed, because
 * each scan starts where the last one ended. Every notification (a block indexed or taken back, a
 * record announced, a write to a portal table) empties the hub's answer cache, which keeps answers
 * only while this connection listens.
 */
export function listenToIndexer({
  databaseUrl,
  db,
  hub,
  log,
  beforePublish = async () => undefined,
}: {
  databaseUrl: string;
  db: Db;
  hub: LiveHub;
  log: (line: string) => void;
  /**
   * Runs after each newly indexed range, rows or not, and before its event goes out (e.g. follow-up
   * writes the event should already show); also when a reorg takes indexed blocks back, since what
   * followed their rows (a row matched to a payment) must follow their removal too.
   */
  beforePublish?: () => Promise<unknown>;
}) {
  let client: pg.Client | null = null;
  let stopped = false;
  let scanned: number | null = null;
  let scanning: Promise<void> | null = null;
  let again = false;

  async function scan() {
    const indexed = await getIndexedBlock(db);
    if (indexed === null) return;
    if (scanned === null) {
      scanned = indexed;
      return;
    }
    if (indexed < scanned) {
      scanned = indexed;
      hub.answers.changed();
      await beforePublish();
      return;
    }
    if (indexed === scanned) return;
    const changes = await changesBetween(db, scanned, indexed);
    scanned = indexed;
    await beforePublish();
    const ofWallets = changes.filter((change) => !PUBLIC_TOPICS.includes(change.topic));
    const topics = [...new Set(ofWallets.map((change) => change.topic))];
    const wallets = [...new Set(ofWallets.map((change) => change.wallet.toLowerCase()))];
    hub.publish({ block: indexed, topics, wallets });
    const everyone = [...new Set(changes.filter((change) => PUBLIC_TOPICS.includes(change.topic)).map((change) => change.topic))];
    if (everyone.length > 0) hub.publish({ block: indexed, topics: everyone, wallets: [] });
  }

  function relayReview(payload: string | undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? "");
    } catch {
      parsed = undefined;
    }
    const announcement = reviewAnnouncementSchema.safeParse(parsed);
    if (!announcement.success) return log(`live: unreadable announcement on ${REVIEW_CHANNEL}: ${payload ?? ""}`);
    const { topic, wallet } = announcement.data;
    hub.publish({ block: hub.latestBlock() ?? 0, topics: [topic], wallets: wallet ? [wallet.toLowerCase()] : [] });
  }

  function onNotification() {
    hub.answers.changed();
    if (scanning) {
      again = true;
      return;
    }
    scanning = scan()
      .catch((error: unknown) => log(`live: scan failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        scanning = null;
        if (again && !stopped) {
          again = false;
          onNotification();
        }
      });
  }

  async function connect() {
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl, application_name: "pli-api-live" });
    next.on("notification", (message) => {
      if (message.channel === ANSWER_CHANNEL) hub.answers.changed();
      else if (message.channel === REVIEW_CHANNEL) relayReview(message.payload);
      else onNotification();
    });
    next.on("error", (error) => {
      log(`live: indexer connection lost: ${error.message}`);
      hub.answers.setListening(false);
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      setTimeout(() => void connect(), RECONNECT_MS);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${INDEXER_CHANNEL}"; LISTEN "${REVIEW_CHANNEL}"; LISTEN "${ANSWER_CHANNEL}"`);
      client = next;
      hub.answers.setListening(true);
      onNotification();
    } catch (error) {
      log(`live: cannot listen to the indexer: ${error instanceof Error ? error.message : String(error)}`);
      await next.end().catch(() => undefined);
      setTimeout(() => void connect(), RECONNECT_MS);
    }
  }

  const ready = connect();
  return {
    ready,
    async stop() {
      stopped = true;
      hub.answers.setListening(false);
      await scanning;
      await client?.end().catch(() => undefined);
    },
  };
}
