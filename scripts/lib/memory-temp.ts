import { chmodSync, mkdtempSync, statfsSync, type StatsFs } from "node:fs";
import path from "node:path";
import { runFolderPrefix } from "./abandoned-runs.ts";

/** The type statfs reports for a tmpfs, a file system held in memory. */
const TMPFS_MAGIC = 0x01021994;

/** The start of a run's folder in the tmpfs, before its runner's pid (runFolderPrefix). */
export const MEMORY_TEMP_PREFIX = "pli-test-";

/** Where Linux mounts its shared-memory tmpfs. */
export const SHARED_MEMORY_DIR = "/dev/shm";

/** Whether a file system is a tmpfs with at least `bytes` free. */
export const isTmpfsWithRoom = (stats: Pick<StatsFs, "type" | "bavail" | "bsize">, bytes: number): boolean =>
  stats.type === TMPFS_MAGIC && stats.bavail * stats.bsize >= bytes;

/**
 * A new folder for temporary files in the tmpfs at `root` when it has `bytes` free, else undefined. Like /tmp, anyone
 * may write in it and only a file's owner may remove the file: Postgres, which runs as its own user, reads and writes
 * there too.
 */
export function memoryTempDir(bytes: number, root = SHARED_MEMORY_DIR): string | undefined {
  let stats: StatsFs;
  try {
    stats = statfsSync(root);
  } catch {
    return undefined;
  }
  if (!isTmpfsWithRoom(stats, bytes)) return undefined;
  const dir = mkdtempSync(path.join(root, runFolderPrefix(MEMORY_TEMP_PREFIX)));
  chmodSync(dir, 0o1777);
  return dir;
}
