import { sql, type Selectable } from "kysely";
import { LIMITS, type UserType } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { pageOf, whereContains } from "../shared/list.ts";
import type { RpcUrlInput, RpcUrlResponse } from "./schema.ts";
import type { RpcUrlTable } from "./table.ts";

export interface Owner {
  type: UserType;
  id: string;
}

export function toRpcUrlResponse(row: Selectable<RpcUrlTable>): RpcUrlResponse {
  return {
    _id: row.id,
    name: row.name,
    provider: row.provider,
    rpc: row.rpc,
    wss: row.wss,
    owner: { type: row.owner_type, id: row.owner_id },
    createdAt: row.created_at.toISOString(),
  };
}

/** RPC URLs matching `q` (name, rpc, wss, provider); `ownerId` limits them to one owner's records. */
export function rpcUrlsMatching(db: Db, { q, ownerId }: { q: string; ownerId?: string }) {
  let query = db.selectFrom("app.rpc_url");
  if (ownerId) query = query.where("owner_id", "=", ownerId);
  return whereContains(query, ["name", "rpc", "wss", "provider"], q);
}

/** A page of RPC URLs, newest first. */
export const listRpcUrls = (db: Db, params: { page: number; limit: number; q: string; ownerId?: string }) =>
  pageOf(rpcUrlsMatching(db, params), (query) => query.selectAll().orderBy("created_at", "desc").orderBy("id"), params);

/**
 * Adds the owner's record unless they keep the most already (undefined then): the count and the insert hold the
 * owner's lock, so that adds sent at once cannot pass the limit together.
 */
export const createRpcUrl = (db: Db, owner: Owner, input: RpcUrlInput) =>
  db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`pli.rpc-url:${owner.type}:${owner.id}`}))`.execute(tx);
    const { count } = await tx
      .selectFrom("app.rpc_url")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("owner_type", "=", owner.type)
      .where("owner_id", "=", owner.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= LIMITS.maxRpcUrlsPerOwner) return undefined;
    return tx
      .insertInto("app.rpc_url")
      .values({ owner_type: owner.type, owner_id: owner.id, ...input })
      .returningAll()
      .executeTakeFirstOrThrow();
  });

/** The record, locked for a change, when `ownerId` is absent (admin) or owns it; undefined otherwise. */
export const lockRpcUrl = (db: Db, id: string, ownerId?: string) => {
  let query = db.selectFrom("app.rpc_url").selectAll().where("id", "=", id);
  if (ownerId) query = query.where("owner_id", "=", ownerId);
  return query.forUpdate().executeTakeFirst();
};

export const updateRpcUrl = (db: Db, id: string, input: RpcUrlInput) =>
  db
    .updateTable("app.rpc_url")
    .set({ ...input, updated_at: sql`now()` })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteRpcUrl = (db: Db, id: string) => db.deleteFrom("app.rpc_url").where("id", "=", id).execute();
