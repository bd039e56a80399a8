import { parsePliAmount } from "@pli/api/public-contract";
import { groupDecimal } from "@/shared/format";
import { settingMessages } from "./messages";

export type EconomicsField = "minimumStake" | "maximumStake" | "multiplyOf" | "incentivePercentage";

/** The staking economics, a section of their own: a change to any of them is confirmed old → new before it is sent. */
export const ECONOMICS_FIELDS: { name: EconomicsField; label: string; placeholder?: string; unit: string }[] = [
  { name: "minimumStake", label: settingMessages.minimumStake, placeholder: "50000", unit: "PLI" },
  { name: "maximumStake", label: settingMessages.maximumStake, placeholder: "1000000", unit: "PLI" },
  { name: "multiplyOf", label: settingMessages.multiplyOf, placeholder: "1000", unit: "PLI" },
  { name: "incentivePercentage", label: settingMessages.incentivePercentage, placeholder: "2.5", unit: "% per month" },
];

/**
 * Whether two decimal texts are the same number, compared exactly: a PLI amount goes past a JS number's precision
 * (18 decimals, and more than 2^53 wei), where `Number` would take a changed limit for the same one.
 */
function sameNumber(a: string, b: string): boolean {
  const [left, right] = [parsePliAmount(a), parsePliAmount(b)];
  return left === null || right === null ? a.trim() === b.trim() : left === right;
}

/** The economics the form changes from the current settings, each as its line of the confirmation (old → new). */
export function economicsChanges(
  values: Record<EconomicsField, unknown>,
  current: Record<EconomicsField, unknown>,
): string[] {
  return ECONOMICS_FIELDS.filter(
    ({ name }) => !sameNumber(String(values[name] ?? ""), String(current[name] ?? "")),
  ).map(({ name, label, unit }) =>
    settingMessages.economicsChange(
      label.replace(/ \(.*\)$/, ""),
      `${groupDecimal(String(current[name]))} ${unit}`,
      `${groupDecimal(String(values[name]))} ${unit}`,
    ),
  );
}
