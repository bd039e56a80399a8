import { sql } from "kysely";
import type { PublicClient } from "viem";
import { getIndexedBlock } from "../chain/views.ts";
import type { Db } from "../db/database.ts";
import type { Health } from "./schema.ts";


async function settle<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}

/** Database reachability, chain head, indexed block and how far the indexer trails the head. */
export async function checkHealth(db: Db, chain: PublicClient, chainId: number): Promise<Health> {
  const [dbOk, head, indexed] = await Promise.all([
    settle(sql`SELECT 1`.execute(db).then(() => true)),
    settle(chain.getBlockNumber({ cacheTime: 0 })),
    settle(getIndexedBlock(db)),
  ]);
  const headNumber = head === null ? null : Number(head);
  const indexedNumber = indexed === null || indexed === undefined ? null : Number(indexed);
  const lag = headNumber !== null && indexedNumber !== null ? Math.max(0, headNumber - indexedNumber) : null;
  const health: Health = {
    status: "ok",
    database: { ok: dbOk === true },
    chain: { ok: headNumber !== null, chainId, head: headNumber },
    indexer: { ok: indexedNumber !== null, block: indexedNumber, lag },
  };
  if (!health.database.ok || !health.chain.ok || !health.indexer.ok) health.status = "degraded";
  return health;
}
