import { z } from "zod";
import { ALERT_KINDS, type AlertKind } from "./rules.ts";
import { featureContract } from "../public-contract/feature.ts";
export * from "./rules.ts";

export const ALERT_PATHS = { root: "/api/alert", preferences: "/api/alert/preferences" } as const;

export const ALERT_MESSAGES = {
  alertPreferencesSaved: "Alert Preferences Updated Successfully",
} as const;

const onOff = z.boolean({ error: "Choose on or off" });

/** An operator's alert preferences, every kind named: true sends the mail. */
export const alertPreferencesSchema = z
  .object(Object.fromEntries(ALERT_KINDS.map((kind) => [kind, onOff])) as Record<AlertKind, typeof onOff>)
  .strict();
export type AlertPreferencesInput = z.infer<typeof alertPreferencesSchema>;

export const alertPreferencesSavedSchema = z.object({ message: z.string(), data: alertPreferencesSchema });

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const ALERT_CONTRACT = featureContract({ alert: ALERT_PATHS }, ALERT_MESSAGES);
