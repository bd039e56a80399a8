import { sql } from "kysely";
import type { PublicClient } from "viem";
import { chainProbeOf } from "../chain/probe.ts";
import { getIndexedBlock } from "../chain/views.ts";
import type { Db } from "../db/database.ts";
import { MIGRATION_NAMES } from "../db/migrate.ts";
import { currentMigrationName } from "../db/migration-renames.ts";
import { readReplicaLag } from "./replica.ts";
import type { Health } from "./schema.ts";

/** How long a readiness answer is given again: a burst of health requests costs one chain call and one database check. */
export const HEALTH_ANSWER_MS = 1_000;

export interface ReadinessLimits {
  chainId: number;
  /** How many blocks the indexer may trail the chain head while the API counts as ready. */
  maxLag: number;
}

async function settle<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}

/** How many of this version's migrations the database has not recorded (all of them before the first migration). */
async function pendingMigrations(db: Db): Promise<number> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM app.kysely_migration`.execute(db);
    // A database not migrated since the numbering records dated names, the same migrations under other names.
    const applied = new Set(rows.map((row) => currentMigrationName(row.name)));
    return MIGRATION_NAMES.filter((name) => !applied.has(name)).length;
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") return MIGRATION_NAMES.length;
    throw error;
  }
}

/**
 * Database reachability, migrations, chain head, indexed block and how far the indexer trails the head; with the
 * analysts' replica, how far it trails the database (reported, never counted against readiness).
 */
async function checkHealth(
  db: Db,
  chain: PublicClient,
  { chainId, maxLag }: ReadinessLimits,
  replica: Db | undefined,
): Promise<Health> {
  const [dbOk, pending, head, indexed, replicaLag] = await Promise.all([
    settle(sql`SELECT 1`.execute(db).then(() => true)),
    settle(pendingMigrations(db)),
    settle(chain.getBlockNumber({ cacheTime: 0 })),
    settle(getIndexedBlock(db)),
    replica && readReplicaLag(db, replica),
  ]);
  const headNumber = head === null ? null : Number(head);
  const indexedNumber = indexed === null || indexed === undefined ? null : Number(indexed);
  const lag = headNumber !== null && indexedNumber !== null ? Math.max(0, headNumber - indexedNumber) : null;
  const health: Health = {
    status: "ok",
    database: { ok: dbOk === true },
    chain: { ok: headNumber !== null, chainId, head: headNumber, endpoint: chainProbeOf(chain) },
    indexer: { ok: lag !== null && lag <= maxLag, block: indexedNumber, lag, maxLag },
    migrations: { ok: pending === 0, pending: pending ?? MIGRATION_NAMES.length },
    ...(replicaLag && { replica: replicaLag }),
  };
  if (!health.database.ok || !health.migrations.ok || !health.chain.ok || !health.indexer.ok)
    health.status = "degraded";
  return health;
}

/** The check under way or answered within HEALTH_ANSWER_MS, per chain client (one per API instance). */
const recentChecks = new WeakMap<PublicClient, { answer: Promise<Health>; answeredAt: number | null }>();

/**
 * checkHealth, shared: requests while a check runs wait for it, and its answer is given again for
 * HEALTH_ANSWER_MS after it came, so the public health routes cannot be used to flood the database or
 * the chain's RPC.
 */
export function currentHealth(db: Db, chain: PublicClient, limits: ReadinessLimits, replica?: Db): Promise<Health> {
  const recent = recentChecks.get(chain);
  if (recent && (recent.answeredAt === null || performance.now() - recent.answeredAt < HEALTH_ANSWER_MS))
    return recent.answer;
  const check = { answer: checkHealth(db, chain, limits, replica), answeredAt: null as number | null };
  recentChecks.set(chain, check);
  void check.answer.finally(() => (check.answeredAt = performance.now()));
  return check.answer;
}
