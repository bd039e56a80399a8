import { sql } from "kysely";
import pg from "pg";
import { forgetAccount, readAccountFacts } from "../auth/index.ts";
import { indexedProgressSql } from "../chain/views.ts";
import type { UserType } from "../public-contract/domain.ts";
import { poolOf, type Db } from "../db/database.ts";
import { ANSWER_CHANNEL } from "../db/migrations/0020_answer-invalidation.ts";
import { AnnouncementReader, pruneAnnouncements } from "./announcements.ts";
import type { LiveHub } from "./hub.ts";
import { LIVE_TOPICS, PUBLIC_TOPICS, reviewTopicSchema, type LiveTopic } from "./schema.ts";
import { coalesced } from "../shared/coalesce.ts";
import type { DueCheck } from "../shared/handlers.ts";
import type { Log } from "../shared/logger.ts";
import { stakedTotalOf } from "../stake/index.ts";

/** Ponder notifies this channel after each indexed block when it publishes its views in the `chain` schema. */
export const INDEXER_CHANNEL = "chain_live_query";
/**
 * The database wakes the API here when it announces a changed node, job, request or ticket, the site settings, or an
 * account's sessions (migrations trusted-announcements, setting-announcements).
 */
export const REVIEW_CHANNEL = "app_live";

const RECONNECT_MS = 1_000;
/** How often an instance deletes the announcements every instance has had time to read. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The name each text of the scan is prepared under: Postgres then plans it once per connection instead of at each
 * range (about 0.8 ms of the 3.5 a scan took, timed inside the API over a bench:push run).
 */
const scanStatements = new Map<string, string>();

/** A row of the scan: the progress, one change (or none), its wallet's new stake total, and each check's answer. */
type ScanRow = {
  checkpoint: string | null;
  block: string | null;
  topic: LiveTopic | null;
  wallet: string | null;
  staked: string | null;
} & Record<`due_${number}`, boolean>;

/**
 * The indexer's progress (indexedProgressSql), the chain facts that changed after block `after` up to the indexed
 * block, as (topic, wallet) pairs (none while `after` is null), the new stake total of each wallet whose stakes
 * changed, and each of `checks`, in one round trip: the scan before each event waits for it.
 */
async function progressWithChanges(db: Db, after: number | null, checks: readonly DueCheck[]) {
  const due = checks.map(({ check }, index) => sql`, ${check} AS ${sql.ref(`due_${index}`)}`);
  try {
    const scan = sql<ScanRow>`
      WITH progress AS (${indexedProgressSql}), upto AS (SELECT block::bigint AS block FROM progress), changed AS (
        SELECT 'stake' AS topic, wallet FROM chain.stake_event, upto WHERE block_number > ${after} AND block_number <= upto.block
        UNION SELECT 'whitelist', wallet FROM chain.whitelist, upto WHERE block_number > ${after} AND block_number <= upto.block
        UNION SELECT 'reward', wallet FROM chain.reward_payment, upto WHERE block_number > ${after} AND block_number <= upto.block
        UNION SELECT 'reward', depositor FROM chain.reward_deposit, upto WHERE block_number > ${after} AND block_number <= upto.block
        UNION SELECT 'limits', sender FROM chain.stake_limit_change, upto WHERE block_number > ${after} AND block_number <= upto.block
      )
      SELECT progress.checkpoint, progress.block, changed.topic, changed.wallet,
        CASE WHEN changed.topic = 'stake' THEN ${stakedTotalOf(db, sql.ref<string>("changed.wallet"))} END AS staked
        ${sql.join(due, sql``)}
      FROM progress LEFT JOIN changed ON true`.compile(db);
    let name = scanStatements.get(scan.sql);
    if (name === undefined) scanStatements.set(scan.sql, (name = `live-scan-${scanStatements.size}`));
    const { rows } = await poolOf(db).query<ScanRow>({
      name,
      text: scan.sql,
      values: [...scan.parameters],
    });
    const row = rows[0];
    return {
      checkpoint: row?.checkpoint ?? null,
      block: row?.block == null ? null : Number(row.block),
      changes: rows.flatMap(({ topic, wallet }) => (topic === null || wallet === null ? [] : [{ topic, wallet }])),
      stakeTotals: new Map(
        rows.flatMap(({ wallet, staked }) =>
          wallet === null || staked === null ? [] : [[wallet.toLowerCase(), staked]],
        ),
      ),
      due: new Map(checks.map(({ name }, index) => [name, row?.[`due_${index}`] === true])),
    };
  } catch (error) {
    if ((error as { code?: string }).code === "42P01")
      return {
        checkpoint: null,
        block: null,
        changes: [],
        stakeTotals: new Map<string, string>(),
        due: new Map<string, boolean>(),
      };
    throw error;
  }
}

/**
 * Listens to the indexer's and the database's notifications on a connection of its own. A
 * notification is only a wake-up call, never trusted for what it says (any database role can send
 * one): on the indexer's channel the listener reads how far the indexer got and publishes, for each
 * newly indexed block range, which topics changed for which wallets (with the new stake total of each wallet whose
 * stakes changed, for that wallet's streams alone); on the database's channels it
 * reads the announcements committed since its last read (announcements.ts), relays each changed
 * record to the live streams of its operator and of admins, and ends the streams of sessions that
 * ended, whichever API instance or script made the change. The hub's answer cache is emptied when the
 * indexer's progress moved or an announcement was read, and keeps answers only while this connection
 * listens. A lost connection is reopened and nothing is missed: each scan starts where the last one
 * ended, and announcements are read from where the last read ended.
 */
export function listenToIndexer({
  databaseUrl,
  db,
  hub,
  log,
  beforePublish = async () => undefined,
  dueChecks = () => [],
  onAnnounced = () => undefined,
  reconnectMs = RECONNECT_MS,
}: {
  databaseUrl: string;
  db: Db;
  hub: LiveHub;
  log: Log;
  /** How long a lost connection waits before it is opened again. */
  reconnectMs?: number;
  /**
   * Runs after each newly indexed range, rows or not, with the topics that changed in it, and before its event goes
   * out (e.g. follow-up writes the event should already show); also when a reorg takes indexed blocks back, with every
   * topic, since what followed their rows (a row matched to a payment) must follow their removal too.
   */
  beforePublish?: (topics: readonly LiveTopic[], due?: ReadonlyMap<string, boolean>) => Promise<unknown>;
  /**
   * Conditions read in each range's scan and handed to beforePublish by name (e.g. whether a handler the event waits
   * for has anything to do), so that knowing them costs no round trip of its own.
   */
  dueChecks?: () => readonly DueCheck[];
  /** Told after each read that found announcements, with the kinds of records they named. */
  onAnnounced?: (topics: readonly LiveTopic[]) => void;
}) {
  let client: pg.Client | null = null;
  let stopped = false;
  let scanned: number | null = null;
  let checkpoint: string | null = null;
  const announcements = new AnnouncementReader();
  let prunedAt: number | null = null;

  async function scan() {
    const {
      checkpoint: progress,
      block: indexed,
      changes,
      stakeTotals,
      due,
    } = await progressWithChanges(db, scanned, scanned === null ? [] : dueChecks());
    if (progress !== checkpoint) hub.answers.chainChanged();
    checkpoint = progress;
    if (indexed === null) return;
    if (scanned === null) {
      scanned = indexed;
      return;
    }
    if (indexed < scanned) {
      log.warn({ fromBlock: scanned, toBlock: indexed }, "live: reorg took indexed blocks back");
      scanned = indexed;
      await beforePublish(LIVE_TOPICS);
      return;
    }
    if (indexed === scanned) return;
    log[changes.length > 0 ? "info" : "debug"](
      { fromBlock: scanned + 1, toBlock: indexed, changes: changes.length },
      "live: indexer notified new blocks",
    );
    scanned = indexed;
    await beforePublish([...new Set(changes.map((change) => change.topic))], due);
    const ofWallets = changes.filter((change) => !PUBLIC_TOPICS.includes(change.topic));
    const topics = [...new Set(ofWallets.map((change) => change.topic))];
    const wallets = [...new Set(ofWallets.map((change) => change.wallet.toLowerCase()))];
    hub.publish({ block: indexed, topics, wallets }, stakeTotals);
    const everyone = [
      ...new Set(changes.filter((change) => PUBLIC_TOPICS.includes(change.topic)).map((change) => change.topic)),
    ];
    if (everyone.length > 0) hub.publish({ block: indexed, topics: everyone, wallets: [] });
  }

  /** Reads the announcements not read yet and acts on them: the answer cache, live events, ended sessions. */
  async function relay() {
    const fresh = await announcements.next(db);
    if (fresh.length > 0)
      hub.answers.tableChanges(fresh.filter((row) => row.kind === "change").map((row) => row.topic));
    const topicsByWallet = new Map<string, Set<LiveTopic>>();
    const accounts = new Map<string, { type: UserType; id: string }>();
    for (const announcement of fresh) {
      if (announcement.kind === "live") {
        const topic = reviewTopicSchema.safeParse(announcement.topic);
        if (!topic.success) continue;
        const wallet = announcement.wallet?.toLowerCase() ?? "";
        topicsByWallet.set(wallet, (topicsByWallet.get(wallet) ?? new Set()).add(topic.data));
      } else if (announcement.kind === "session" && announcement.account_type && announcement.account_id) {
        accounts.set(`${announcement.account_type}:${announcement.account_id}`, {
          type: announcement.account_type,
          id: announcement.account_id,
        });
      }
    }
    if (fresh.length > 0) onAnnounced([...new Set([...topicsByWallet.values()].flatMap((topics) => [...topics]))]);
    for (const [wallet, topics] of topicsByWallet)
      hub.publish({ block: hub.latestBlock() ?? 0, topics: [...topics], wallets: wallet ? [wallet] : [] });
    await recheckSessions(accounts.values());
    if (prunedAt === null || performance.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = performance.now();
      await pruneAnnouncements(db);
    }
  }

  /** Reads `accounts` afresh and ends their streams whose session they no longer accept. */
  async function recheckSessions(accounts: Iterable<{ type: UserType; id: string }>) {
    for (const { type, id } of accounts) {
      forgetAccount(type, id);
      const facts = await readAccountFacts(db, type, id).catch((error: unknown) => {
        log.error(
          { err: error, accountType: type, accountId: id },
          "live: cannot read the account whose sessions changed, its streams end",
        );
        return undefined;
      });
      hub.sessionsChanged(type, id, facts);
    }
  }

  const chainScan = coalesced(scan, (error) => log.error({ err: error }, "live: scan failed"));
  const announcementRead = coalesced(relay, (error) => log.error({ err: error }, "live: reading announcements failed"));

  async function connect() {
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl, application_name: "pli-api-live" });
    next.on("notification", (message) => {
      if (stopped) return;
      if (message.channel === INDEXER_CHANNEL) chainScan.wake();
      else announcementRead.wake();
    });
    next.on("error", (error) => {
      log.error({ err: error }, "live: indexer connection lost");
      hub.answers.setListening(false);
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      setTimeout(() => void connect(), reconnectMs);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${INDEXER_CHANNEL}"; LISTEN "${REVIEW_CHANNEL}"; LISTEN "${ANSWER_CHANNEL}"`);
      client = next;
      // Announcements made while this connection was down may be pruned before they are read: every open stream's
      // account is read again, so a session ended meanwhile ends its streams now.
      await recheckSessions(hub.streamAccounts());
      hub.answers.setListening(true);
      chainScan.wake();
      announcementRead.wake();
      await Promise.all([chainScan.settled(), announcementRead.settled()]);
    } catch (error) {
      log.error({ err: error }, "live: cannot listen to the indexer");
      await next.end().catch(() => undefined);
      setTimeout(() => void connect(), reconnectMs);
    }
  }

  const ready = connect();
  return {
    ready,
    async stop() {
      stopped = true;
      hub.answers.setListening(false);
      await Promise.all([chainScan.settled(), announcementRead.settled()]);
      await client?.end().catch(() => undefined);
    },
  };
}
