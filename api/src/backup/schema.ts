import { z } from "zod";

/** What names an archive of this portal, and the version of its layout. */
export const ARCHIVE_FORMAT = "pli-portal-backup";
export const ARCHIVE_VERSION = 1;

/** Where each part lives inside the archive (a gzipped tar). */
export const ARCHIVE_PATHS = {
  manifest: "manifest.json",
  tables: "tables",
  uploads: "uploads",
} as const;

/** Tables the migrator keeps for itself: the archive lists their migrations by name instead. */
export const MIGRATOR_TABLES = ["kysely_migration", "kysely_migration_lock"] as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const fileName = z
  .string()
  .min(1)
  .refine(
    (name) => !name.split("/").some((part) => part === "" || part === "." || part === ".."),
    "is not a plain path",
  );

/** The archive's table of contents: what was taken, when, at which migrations, with a checksum per part. */
export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.iso.datetime(),
  migrations: z.array(z.string().min(1)).min(1),
  /** The `app` tables in dependency order (a table after those its foreign keys point at). */
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1),
      rows: z.number().int().min(0),
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  sequences: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      lastValue: z.string().regex(/^-?\d+$/),
      isCalled: z.boolean(),
    }),
  ),
  /** The upload directory's files, by path relative to it. */
  files: z.array(z.object({ path: fileName, bytes: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** What a backup or a restore moved, as the commands print it. */
export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

/** The commands' messages, one place for each. */
export const MESSAGES = {
  unreachable: (detail: string) => `Cannot reach the database of DATABASE_URL (${detail})`,
  noArchive: (file: string) => `There is no file at ${file}`,
  noAppSchema: "The database has no app schema: there is nothing to back up (is DATABASE_URL the portal's database?)",
  notAnArchive: (detail: string) =>
    `The file is not a readable backup archive of the portal (${detail}); nothing was written`,
  badManifest: (detail: string) => `The archive's manifest is not valid (${detail}); nothing was written`,
  corrupted: (part: string) => `The archive is corrupted: ${part} does not match its checksum; nothing was written`,
  missingPart: (part: string) => `The archive is incomplete: ${part} is missing; nothing was written`,
  unknownMigrations: (names: string[]) =>
    `The backup was taken by a newer version of the portal (migrations ${names.join(", ")} are unknown here): restore it with that version or later`,
  skippedMigrations: (names: string[]) =>
    `The backup's schema lacks migrations that run before others it has (${names.join(", ")}), so this version cannot rebuild it: restore it with the version that took it, migrate, and back up again`,
  notEmpty: (admins: number, operators: number) =>
    `The database already holds accounts (${admins} admins, ${operators} operators): restore only into an empty database, or pass --replace to overwrite everything in it`,
  uploadsNotEmpty: (dir: string) =>
    `The upload directory ${dir} already holds files: restore only into an empty one, or pass --replace to overwrite it`,
  newerDatabase: (names: string[]) =>
    `The database has migrations the backup does not (${names.join(", ")}): restore into an empty database`,
  tableMismatch: (table: string) =>
    `The archive's table ${table} does not match the schema its migrations build; nothing was written`,
} as const;
