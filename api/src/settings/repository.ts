import { DEFAULT_SETTINGS } from "@pli/abis";
import type { Db } from "../db/database.ts";

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
