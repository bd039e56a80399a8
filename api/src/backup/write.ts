import { createReadStream } from "node:fs";
import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { to as copyTo } from "pg-copy-streams";
import { create as createTar } from "tar";
import { appliedMigrations, connect, appSequences, appTable, appTables, quote } from "./catalog.ts";
import { listFiles, writeCounted } from "./files.ts";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_PATHS,
  ARCHIVE_VERSION,
  MESSAGES,
  type BackupSummary,
  type Manifest,
} from "./schema.ts";

/**
 * Writes the portal's own data to one gzipped tar at `out`: every `app` table (COPY text format, read
 * in one repeatable-read snapshot), the sequences' positions, the migrations the schema was at, and
 * the upload directory's files, with a manifest holding a checksum of each part. The `chain` schema is
 * not in it: the indexer rebuilds it from the chain. The archive appears at `out` only once complete.
 */
export async function writeBackup({
  databaseUrl,
  uploadDir,
  out,
}: {
  databaseUrl: string;
  uploadDir: string;
  out: string;
}): Promise<BackupSummary> {
  const staging = await mkdtemp(path.join(tmpdir(), "pli-backup-"));
  const partial = `${out}.partial`;
  try {
    const manifest = await dumpDatabase(databaseUrl, staging);
    for (const file of await listFiles(uploadDir)) {
      const copied = await writeCounted(
        createReadStream(path.join(uploadDir, file)),
        path.join(staging, ARCHIVE_PATHS.uploads, file),
      );
      manifest.files.push({ path: file, bytes: copied.bytes, sha256: copied.sha256 });
    }
    await writeFile(path.join(staging, ARCHIVE_PATHS.manifest), JSON.stringify(manifest, null, 2));
    const parts: string[] = [ARCHIVE_PATHS.manifest, ARCHIVE_PATHS.tables];
    if (manifest.files.length > 0) parts.push(ARCHIVE_PATHS.uploads);
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, parts);
    await rename(partial, out);
    return summarize(manifest);
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

async function dumpDatabase(databaseUrl: string, staging: string): Promise<Manifest> {
  const client = await connect(databaseUrl);
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const migrations = await appliedMigrations(client);
    if (!migrations) throw new Error(MESSAGES.noAppSchema);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      tables: [],
      sequences: await appSequences(client),
      files: [],
    };
    for (const table of await appTables(client)) {
      const columns = table.columns.map(quote).join(", ");
      const copy = client.query(copyTo(`COPY ${appTable(table.name)} (${columns}) TO STDOUT`));
      const written = await writeCounted(copy, path.join(staging, ARCHIVE_PATHS.tables, `${table.name}.copy`));
      manifest.tables.push({ ...table, rows: written.lines, bytes: written.bytes, sha256: written.sha256 });
    }
    await client.query("COMMIT");
    return manifest;
  } finally {
    await client.end();
  }
}

/** The counts a command prints: tables, rows, files and the bytes of table data and files together. */
export function summarize(manifest: Manifest): BackupSummary {
  return {
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    files: manifest.files.length,
    bytes: [...manifest.tables, ...manifest.files].reduce((sum, part) => sum + part.bytes, 0),
  };
}
