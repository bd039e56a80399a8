/** The passkey feature's public entry: other features, and the tools outside the API (as @pli/api/passkey), import only what it lists. */
export { countPasskeys, deleteAllPasskeys, setEmailCodeFallback } from "./repository.ts";
