/** The setting feature's public entry: other features, and the tools outside the API (as @pli/api/setting), import only what it lists. */
export { ensureDefaultSettings, getSettings, readBrand, saveSettings } from "./repository.ts";
