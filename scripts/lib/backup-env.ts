import path from "node:path";
import { z } from "zod";
import { configFields } from "@pli/api/config";
import type { BackupSummary } from "@pli/api/backup";

/**
 * The database's URL (`database`: DATABASE_URL, the API's role, which reads every table, for a backup;
 * DATABASE_OWNER_URL, the owner role, for a restore, which rebuilds the schema and switches its tables' triggers off)
 * and UPLOAD_DIR, read as the API reads them (UPLOAD_DIR defaults to the API's default); a bad or missing variable is
 * printed and the process exits with 2.
 */
export function backupEnv(database: "DATABASE_URL" | "DATABASE_OWNER_URL") {
  const given = {
    [database]: process.env[database] || undefined,
    UPLOAD_DIR: process.env.UPLOAD_DIR || undefined,
  };
  const env = z
    .object({ [database]: configFields.shape[database], UPLOAD_DIR: configFields.shape.UPLOAD_DIR })
    .safeParse(given);
  if (!env.success) {
    for (const issue of env.error.issues) {
      const name = String(issue.path[0]);
      console.error(`${name}: ${given[name] === undefined ? "is required" : issue.message}`);
    }
    process.exit(2);
  }
  return { databaseUrl: String(env.data[database]), uploadDir: path.resolve(String(env.data.UPLOAD_DIR)) };
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
