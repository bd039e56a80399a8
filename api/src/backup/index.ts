/** The backup feature's public entry: other features, and the tools outside the API (as @pli/api/backup), import only what it lists. */
export { restoreBackup } from "./restore.ts";
export type { BackupSummary } from "./schema.ts";
export { writeBackup } from "./write.ts";
