import { SECRET_KEY } from "../shared/secret-keys.ts";

/**
 * A copy of `value` without the keys SECRET_KEY names: the audit trail's last guard against a secret in a record's
 * before or after (the hooks pass only the fields an admin changed).
 */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, entry]) => !SECRET_KEY.test(key) && entry !== undefined)
      .map(([key, entry]) => [key, withoutSecrets(entry)]),
  );
}

/** The keys of `before` and `after` whose values differ, each side with only those keys (what an edit changed). */
export function changedOnly<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const keys = Object.keys({ ...before, ...after }).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])) as Partial<T>,
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])) as Partial<T>,
  };
}
