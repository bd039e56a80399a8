import type { Db } from "../db/database.ts";
import { ALERT_KINDS, type AlertKind, type AlertPreferences } from "./rules.ts";

/** Whether an operator turned a kind of alert off. */
export async function alertTurnedOff(db: Db, operatorId: string, kind: AlertKind): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom("app.alert_opt_out")
      .select("kind")
      .where("operator_id", "=", operatorId)
      .where("kind", "=", kind)
      .executeTakeFirst(),
  );
}

/** An operator's alert preferences: every kind on unless turned off. */
export async function preferencesOf(db: Db, operatorId: string): Promise<AlertPreferences> {
  const off = await db.selectFrom("app.alert_opt_out").select("kind").where("operator_id", "=", operatorId).execute();
  const offKinds = new Set<string>(off.map((row) => row.kind));
  return Object.fromEntries(ALERT_KINDS.map((kind) => [kind, !offKinds.has(kind)])) as AlertPreferences;
}

/** Replaces an operator's preferences with `preferences`. */
export async function savePreferences(db: Db, operatorId: string, preferences: AlertPreferences): Promise<void> {
  const off = ALERT_KINDS.filter((kind) => !preferences[kind]);
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("app.alert_opt_out").where("operator_id", "=", operatorId).execute();
    if (off.length > 0)
      await tx
        .insertInto("app.alert_opt_out")
        .values(off.map((kind: AlertKind) => ({ operator_id: operatorId, kind })))
        .execute();
  });
}
