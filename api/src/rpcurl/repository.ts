import { sql, type Selectable } from "kysely";
import type { RpcUrlInput, RpcUrlResponse, UserType } from "../contract/index.ts";
import type { Db, RpcUrlTable } from "../db/database.ts";
import { containsPattern } from "../shared/paging.ts";

export interface Owner {
  type: UserType;
  id: string;
}

export function toRpcUrlResponse(row: Selectable<RpcUrlTable>): RpcUrlResponse {
  return { _id: row.id, name: row.name, provider: row.provider, rpc: row.rpc, wss: row.wss, owner: { type: row.owner_type, id: row.owner_id }, createdAt: row.created_at.toISOString() };
}

/** A page of RPC URLs; `ownerId` limits it to one owner's records (operators see only their own). */
export async function listRpcUrls(db: Db, { page, limit, q, ownerId }: { page: number; limit: number; q: string; ownerId?: string }) {
  let query = db.selectFrom("app.rpc_url");
  if (ownerId) query = query.where("owner_id", "=", ownerId);
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([eb("name", "ilike", pattern), eb("rpc", "ilike", pattern), eb("wss", "ilike", pattern), eb("provider", "ilike", pattern)]));
  }
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("created_at", "desc").orderBy("id").limit(limit).offset((page - 1) * limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const createRpcUrl = (db: Db, owner: Owner, input: RpcUrlInput) =>
  db.insertInto("app.rpc_url").values({ owner_type: owner.type, owner_id: owner.id, ...input }).returningAll().executeTakeFirstOrThrow();

/** Updates the record when `ownerId` is absent (admin) or owns it; undefined otherwise. */
export const updateRpcUrl = (db: Db, id: string, input: RpcUrlInput, ownerId?: string) => {
  let query = db.updateTable("app.rpc_url").set({ ...input, updated_at: sql`now()` }).where("id", "=", id);
  if (ownerId) query = query.where("owner_id", "=", ownerId);
  return query.returningAll().executeTakeFirst();
};

export const deleteRpcUrl = (db: Db, id: string, ownerId?: string) => {
  let query = db.deleteFrom("app.rpc_url").where("id", "=", id);
  if (ownerId) query = query.where("owner_id", "=", ownerId);
  return query.returning("id").executeTakeFirst();
};
