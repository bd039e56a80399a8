import path from "node:path";
import { configFields } from "../../api/src/config.ts";
import type { BackupSummary } from "../../api/src/backup/schema.ts";

/**
 * DATABASE_URL and UPLOAD_DIR read as the API reads them (UPLOAD_DIR defaults to the API's default); a
 * bad or missing variable is printed and the process exits with 2.
 */
export function backupEnv() {
  const given = {
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    UPLOAD_DIR: process.env.UPLOAD_DIR || undefined,
  };
  const env = configFields.pick({ DATABASE_URL: true, UPLOAD_DIR: true }).safeParse(given);
  if (!env.success) {
    for (const issue of env.error.issues) {
      const name = String(issue.path[0]);
      console.error(`${name}: ${given[name as keyof typeof given] === undefined ? "is required" : issue.message}`);
    }
    process.exit(2);
  }
  return { databaseUrl: env.data.DATABASE_URL, uploadDir: path.resolve(env.data.UPLOAD_DIR) };
}

/** One line of what was moved. */
export const describeSummary = (summary: BackupSummary) =>
  `${summary.tables} tables, ${summary.rows} rows, ${summary.files} files, ${summary.bytes} bytes`;

/** Runs a command's work, printing an error's message and exiting with 1 on failure. */
export async function runCommand(work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
