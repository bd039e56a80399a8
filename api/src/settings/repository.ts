import { DEFAULT_SETTINGS } from "@pli/abis";
import { sql, type Selectable } from "kysely";
import type { Db } from "../db/database.ts";
import type { SettingInput, SettingResponse } from "./schema.ts";
import type { SettingTable } from "./table.ts";

/** Inserts the default site settings when none exist yet; returns whether it inserted them. */
export async function ensureDefaultSettings(db: Db): Promise<boolean> {
  const existing = await db.selectFrom("app.setting").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  await db
    .insertInto("app.setting")
    .values({
      application_name: DEFAULT_SETTINGS.applicationName,
      minimum_stake: DEFAULT_SETTINGS.minimumStake.toString(),
      maximum_stake: DEFAULT_SETTINGS.maximumStake.toString(),
      multiply_of: DEFAULT_SETTINGS.multiplyOf.toString(),
      incentive_percentage: DEFAULT_SETTINGS.incentivePercentage,
    })
    .execute();
  return true;
}

export function toSettingResponse(row: Selectable<SettingTable>): SettingResponse {
  return {
    _id: String(row.id),
    applicationName: row.application_name,
    applicationEmail: row.application_email ?? "",
    logoUrl: row.logo_url ?? "",
    contactNo: row.contact_no ?? "",
    address: row.address ?? "",
    minimumStake: row.minimum_stake,
    maximumStake: row.maximum_stake,
    multiplyOf: row.multiply_of,
    incentivePercentage: String(Number(row.incentive_percentage)),
  };
}

export const getSettings = (db: Db) => db.selectFrom("app.setting").selectAll().orderBy("id").limit(1).executeTakeFirst();

/** Writes the one settings row (created when missing). */
export async function saveSettings(db: Db, input: SettingInput) {
  const values = {
    application_name: input.applicationName,
    application_email: input.applicationEmail || null,
    logo_url: input.logoUrl || null,
    contact_no: input.contactNo || null,
    address: input.address || null,
    minimum_stake: input.minimumStake.toString(),
    maximum_stake: input.maximumStake.toString(),
    multiply_of: input.multiplyOf.toString(),
    incentive_percentage: String(input.incentivePercentage),
    updated_at: sql<Date>`now()`,
  };
  const current = await getSettings(db);
  if (current) return db.updateTable("app.setting").set(values).where("id", "=", current.id).returningAll().executeTakeFirstOrThrow();
  return db.insertInto("app.setting").values(values).returningAll().executeTakeFirstOrThrow();
}
