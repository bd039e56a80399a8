/**
 * `npm run backup -- --out FILE`: writes the portal's own data (the `app` schema of DATABASE_URL, the API's role,
 * which reads every table, and the
 * files under UPLOAD_DIR) to one gzipped tar. It holds password hashes and 2FA secrets: store it encrypted.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { writeBackup } from "@pli/api/backup";
import { backupEnv, describeSummary, runCommand } from "./lib/backup-env.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) {
  console.error("Usage: npm run backup -- --out portal-backup.tar.gz");
  process.exit(2);
}
const out = path.resolve(values.out);
const env = backupEnv("DATABASE_URL");

await runCommand(async () => {
  const summary = await writeBackup({ ...env, out });
  console.log(`Backup written to ${out}: ${describeSummary(summary)}`);
});
