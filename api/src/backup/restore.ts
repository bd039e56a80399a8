import { createReadStream } from "node:fs";
import { copyFile, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import { createDb } from "../db/database.ts";
import { MIGRATION_NAMES } from "../db/migrate.ts";
import { currentMigrationName } from "../db/migration-renames.ts";
import { migrateDatabase } from "../db/roles.ts";
import { appliedMigrations, connect, appTable, appTables, quote } from "./catalog.ts";
import { listFiles } from "./files.ts";
import { openArchive, type OpenedArchive } from "./read.ts";
import { MESSAGES, type BackupSummary } from "./schema.ts";
import { summarize } from "./write.ts";

/**
 * Brings an archive back: checks it whole first, refuses a database that holds accounts or an upload
 * directory that holds files (unless `replace`), rebuilds the schema at the backup's own migrations,
 * loads every table in ONE transaction (a failure leaves no row), then runs the migrations added
 * since and puts the uploads back. The tables' own triggers are off while loading: the restored rows
 * already carry what they computed (counts, search text, rate history), and the announcement triggers
 * must not tell a running portal about rows that are not news.
 */
export async function restoreBackup({
  databaseUrl,
  uploadDir,
  archive,
  replace = false,
}: {
  /** The owner role's: a restore rebuilds the schema and switches the tables' own triggers off while loading. */
  databaseUrl: string;
  uploadDir: string;
  archive: string;
  replace?: boolean;
}): Promise<BackupSummary> {
  const opened = await openArchive(archive);
  try {
    const { manifest } = opened;
    const unknown = manifest.migrations.filter((name) => !MIGRATION_NAMES.includes(currentMigrationName(name)));
    if (unknown.length > 0) throw new Error(MESSAGES.unknownMigrations(unknown));
    // An archive taken before the migrations were numbered names them by date: the same migrations, renamed.
    const migrations = [...new Set(manifest.migrations.map(currentMigrationName))];
    const skipped = MIGRATION_NAMES.slice(0, migrations.length).filter((name) => !migrations.includes(name));
    if (skipped.length > 0) throw new Error(MESSAGES.skippedMigrations(skipped));
    await refuseHeldData(databaseUrl, uploadDir, migrations, replace);
    const db = createDb(databaseUrl, 1);
    try {
      await migrateDatabase(db, migrations);
      await loadTables(databaseUrl, opened);
      await migrateDatabase(db);
    } finally {
      await db.destroy();
    }
    for (const file of await listFiles(uploadDir)) await rm(path.join(uploadDir, file));
    for (const file of manifest.files) {
      const target = path.join(uploadDir, ...file.path.split("/"));
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(opened.uploadFile(file.path), target);
    }
    return summarize(manifest);
  } finally {
    await opened.close();
  }
}

async function refuseHeldData(databaseUrl: string, uploadDir: string, migrations: string[], replace: boolean) {
  const client = await connect(databaseUrl);
  try {
    const applied = await appliedMigrations(client);
    if (!applied) return;
    const newer = applied.filter((name) => !migrations.includes(name));
    if (newer.length > 0) throw new Error(MESSAGES.newerDatabase(newer));
    const { rows } = await client.query<{ admins: number; operators: number }>(
      `SELECT (SELECT count(*)::int FROM app.admin) AS admins, (SELECT count(*)::int FROM app.operator) AS operators`,
    );
    const { admins, operators } = rows[0]!;
    if (!replace && admins + operators > 0) throw new Error(MESSAGES.notEmpty(admins, operators));
  } finally {
    await client.end();
  }
  if (!replace && (await listFiles(uploadDir)).length > 0) throw new Error(MESSAGES.uploadsNotEmpty(uploadDir));
}

async function loadTables(databaseUrl: string, opened: OpenedArchive) {
  const { manifest } = opened;
  const client = await connect(databaseUrl);
  try {
    await client.query("BEGIN");
    const tables = await appTables(client);
    const archived = new Map(manifest.tables.map((table) => [table.name, table]));
    for (const table of tables) {
      const columns = archived.get(table.name)?.columns;
      const same = columns?.length === table.columns.length && columns.every((name) => table.columns.includes(name));
      if (!same) throw new Error(MESSAGES.tableMismatch(table.name));
    }
    const extra = manifest.tables.find((table) => !tables.some((known) => known.name === table.name));
    if (extra) throw new Error(MESSAGES.tableMismatch(extra.name));
    for (const table of tables) await client.query(`ALTER TABLE ${appTable(table.name)} DISABLE TRIGGER USER`);
    await client.query(`TRUNCATE ${tables.map((table) => appTable(table.name)).join(", ")}`);
    for (const table of tables) {
      const columns = archived.get(table.name)!.columns.map(quote).join(", ");
      const copy = client.query(copyFrom(`COPY ${appTable(table.name)} (${columns}) FROM STDIN`));
      await pipeline(createReadStream(opened.tableFile(table.name)), copy);
    }
    for (const table of tables) await client.query(`ALTER TABLE ${appTable(table.name)} ENABLE TRIGGER USER`);
    for (const sequence of manifest.sequences)
      await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
        appTable(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
