/**
 * `npm run restore -- --in FILE [--replace]`: brings a backup back into the database of DATABASE_OWNER_URL (the
 * owner role: it rebuilds the schema, switches the tables' triggers off while loading and grants the API's role) and
 * UPLOAD_DIR, which must hold no accounts and no files unless --replace. The indexer then rebuilds the
 * `chain` schema from the chain on its own.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "@pli/api/backup";
import { backupEnv, describeSummary, runCommand } from "./lib/backup-env.ts";

const { values } = parseArgs({ options: { in: { type: "string" }, replace: { type: "boolean", default: false } } });
if (!values.in) {
  console.error("Usage: npm run restore -- --in portal-backup.tar.gz [--replace]");
  process.exit(2);
}
const archive = path.resolve(values.in);
const env = backupEnv("DATABASE_OWNER_URL");

await runCommand(async () => {
  const summary = await restoreBackup({ ...env, archive, replace: values.replace });
  console.log(`Restored from ${archive}: ${describeSummary(summary)}`);
});
