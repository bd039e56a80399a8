/** A JSON record kept in browser storage under `key`; `isValid` rejects anything malformed. */
export function jsonStore<T>(storage: () => Storage, key: string, isValid: (value: unknown) => value is T) {
  return {
    get(): T | null {
      try {
        const value: unknown = JSON.parse(storage().getItem(key) ?? "null");
        return isValid(value) ? value : null;
      } catch {
        return null;
      }
    },
    set: (value: T) => storage().setItem(key, JSON.stringify(value)),
    clear: () => storage().removeItem(key),
  };
}

/** True for an object with a string `_id`, the shape of every record the API answers with. */
export const hasId = <T extends { _id: string }>(value: unknown): value is T =>
  typeof value === "object" && value !== null && typeof (value as { _id?: unknown })._id === "string";
