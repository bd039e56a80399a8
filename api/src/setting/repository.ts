import { DEFAULT_SETTINGS } from "@pli/abis";
import { sql, type Selectable } from "kysely";
import { getIndexedTime } from "../chain/views.ts";
import type { Db } from "../db/database.ts";
import { notReviewed } from "../unchecked/index.ts";
import { pliText } from "../shared/pli.ts";
import type { BrandResponse, SettingInput, SettingResponse } from "./schema.ts";
import type { SettingTable } from "./table.ts";

/**
 * Inserts the default site settings when none exist yet; returns whether it inserted them. Every API replica runs it
 * as it starts, so the check and the insert hold a lock that makes replicas starting together insert one row.
 */
export async function ensureDefaultSettings(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('pli.default-settings'))`.execute(tx);
    const existing = await tx.selectFrom("app.setting").select("id").limit(1).executeTakeFirst();
    if (existing) return false;
    await tx
      .insertInto("app.setting")
      .values({
        application_name: DEFAULT_SETTINGS.applicationName,
        multiply_of: DEFAULT_SETTINGS.multiplyOf.toString(),
        incentive_percentage: DEFAULT_SETTINGS.incentivePercentage,
      })
      .execute();
    return true;
  });
}

/** The contract's stake limits as indexed, wei; null before the indexer has them. */
export interface ChainStakeLimits {
  minStake: string;
  maxStake: string;
}

/**
 * The stake minimum and maximum the StakingRewards contract enforces, from `chain.stake_limits` (the latest change).
 */
export async function chainStakeLimits(db: Db): Promise<ChainStakeLimits | null> {
  const row = await db
    .selectFrom("chain.stake_limits")
    .select(["min_stake", "max_stake"])
    .orderBy("block_number", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { minStake: row.min_stake, maxStake: row.max_stake } : null;
}

export function toSettingResponse(row: Selectable<SettingTable>, limits: ChainStakeLimits | null): SettingResponse {
  return {
    _id: String(row.id),
    applicationName: row.application_name,
    applicationEmail: row.application_email ?? "",
    logoUrl: row.logo_url ?? "",
    contactNo: row.contact_no ?? "",
    address: row.address ?? "",
    minimumStake: limits ? pliText(BigInt(limits.minStake)) : null,
    maximumStake: limits ? pliText(BigInt(limits.maxStake)) : null,
    multiplyOf: row.multiply_of,
    incentivePercentage: String(Number(row.incentive_percentage)),
  };
}

/** The brand every page and mail shows: the saved settings', or the default name and no contact details. */
export async function readBrand(db: Db): Promise<BrandResponse> {
  const row = await db
    .selectFrom("app.setting")
    .select(["application_name", "application_email", "logo_url", "contact_no", "address"])
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return {
    applicationName: row?.application_name ?? DEFAULT_SETTINGS.applicationName,
    applicationEmail: row?.application_email ?? "",
    logoUrl: row?.logo_url ?? "",
    contactNo: row?.contact_no ?? "",
    address: row?.address ?? "",
  };
}

export const getSettings = (db: Db) =>
  db.selectFrom("app.setting").selectAll().orderBy("id").limit(1).executeTakeFirst();

/** The settings row, locked until the transaction ends: a save reads what it replaces after any save before it. */
export const lockSettings = (tx: Db) =>
  tx.selectFrom("app.setting").selectAll().orderBy("id").limit(1).forUpdate().executeTakeFirst();

/** Writes the one settings row (created when missing). */
export async function saveSettings(db: Db, input: SettingInput) {
  const values = {
    application_name: input.applicationName,
    application_email: input.applicationEmail || null,
    logo_url: input.logoUrl || null,
    contact_no: input.contactNo || null,
    address: input.address || null,
    multiply_of: input.multiplyOf.toString(),
    incentive_percentage: String(input.incentivePercentage),
    updated_at: sql<Date>`now()`,
  };
  const current = await getSettings(db);
  if (current)
    return db
      .updateTable("app.setting")
      .set(values)
      .where("id", "=", current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  return db.insertInto("app.setting").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Whether the indexer has a stake limit change in transaction `txHash`. */
/**
 * How long after its block the settings page that sent a limit change may record it as the portal's, in chain time
 * (the newest indexed block's): the page does so as soon as the change is indexed. A later claim could hide a change
 * made outside the portal from the admins' list of unchecked chain activity, so it is refused.
 */
export const PORTAL_LIMIT_CHANGE_WINDOW_SECONDS = 3600;

/**
 * Whether the settings page may record the limit change of `txHash` as the portal's: "unknown" when no such change
 * is indexed, "notClaimable" when it is the deployment's, is older than the window or was already marked reviewed,
 * "claimable" otherwise.
 */
export async function limitChangeClaim(db: Db, txHash: string): Promise<"unknown" | "notClaimable" | "claimable"> {
  const { rows } = await sql<{ at_deployment: boolean; block_time: Date; reviewed: boolean }>`
    SELECT c.at_deployment, c.block_time, NOT ${notReviewed("limitChangeOutsidePortal", "c")} AS reviewed
    FROM chain.stake_limit_change AS c
    WHERE c.tx_hash = ${txHash}
    ORDER BY c.log_index DESC
    LIMIT 1
  `.execute(db);
  const change = rows[0];
  if (!change) return "unknown";
  const indexedTime = await getIndexedTime(db);
  const recent =
    indexedTime !== null &&
    change.block_time.getTime() >= indexedTime.getTime() - PORTAL_LIMIT_CHANGE_WINDOW_SECONDS * 1000;
  return !change.at_deployment && !change.reviewed && recent ? "claimable" : "notClaimable";
}

/** The stake minimum and maximum (wei) the limit change of `txHash` set, as indexed. */
export const limitChangeOf = (db: Db, txHash: string) =>
  db
    .selectFrom("chain.stake_limit_change")
    .select(["min_stake as minStake", "max_stake as maxStake"])
    .where("tx_hash", "=", txHash)
    .orderBy("log_index", "desc")
    .limit(1)
    .executeTakeFirst();

/**
 * Records that the settings page sent the limit change of `txHash` (the first admin to say so is kept); answers
 * whether this call recorded it.
 */
export async function recordPortalLimitChange(db: Db, txHash: string, adminId: string) {
  const row = await db
    .insertInto("app.stake_limit_portal_change")
    .values({ tx_hash: txHash, admin_id: adminId })
    .onConflict((oc) => oc.column("tx_hash").doNothing())
    .returning("tx_hash")
    .executeTakeFirst();
  return row !== undefined;
}
