import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { extract } from "tar";
import { fileDigest } from "./files.ts";
import { ARCHIVE_PATHS, manifestSchema, MESSAGES, type Manifest } from "./schema.ts";

export interface OpenedArchive {
  manifest: Manifest;
  /** The path of a table's data file or an upload, inside the unpacked archive. */
  tableFile(table: string): string;
  uploadFile(file: string): string;
  /** Removes the unpacked copy. */
  close(): Promise<void>;
}

/**
 * Unpacks an archive into a temporary folder and checks every part against the manifest before
 * anything is written elsewhere: a corrupted or incomplete archive throws here with a message saying
 * which part failed.
 */
export async function openArchive(file: string): Promise<OpenedArchive> {
  if (!existsSync(file)) throw new Error(MESSAGES.noArchive(file));
  const dir = await mkdtemp(path.join(tmpdir(), "pli-restore-"));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    await extract({
      file,
      cwd: dir,
      strict: true,
      filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory"),
    }).catch((error: unknown) => {
      throw new Error(MESSAGES.notAnArchive(error instanceof Error ? error.message : String(error)));
    });
    const manifest = await readManifest(path.join(dir, ARCHIVE_PATHS.manifest));
    const tableFile = (table: string) => path.join(dir, ARCHIVE_PATHS.tables, `${table}.copy`);
    const uploadFile = (upload: string) => path.join(dir, ARCHIVE_PATHS.uploads, ...upload.split("/"));
    const parts = [
      ...manifest.tables.map((table) => ({ label: `table ${table.name}`, file: tableFile(table.name), ...table })),
      ...manifest.files.map((upload) => ({ label: `upload ${upload.path}`, file: uploadFile(upload.path), ...upload })),
    ];
    for (const part of parts) {
      const digest = await fileDigest(part.file).catch(() => null);
      if (!digest) throw new Error(MESSAGES.missingPart(part.label));
      if (digest.sha256 !== part.sha256 || digest.bytes !== part.bytes) throw new Error(MESSAGES.corrupted(part.label));
    }
    return { manifest, tableFile, uploadFile, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function readManifest(file: string): Promise<Manifest> {
  const text = await readFile(file, "utf8").catch(() => null);
  if (text === null) throw new Error(MESSAGES.missingPart(ARCHIVE_PATHS.manifest));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(MESSAGES.badManifest("not JSON"));
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      MESSAGES.badManifest(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")),
    );
  return parsed.data;
}
