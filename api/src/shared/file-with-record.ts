import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transaction } from "kysely";
import type { Database, Db } from "../db/database.ts";

/**
 * Writes a file together with its database record, so that neither exists without the other: the
 * record is written first inside a transaction, then the file (never over an existing one), then the
 * transaction commits. If the record, the file or the commit fails, the file is removed and the error
 * goes on.
 */
export async function writeFileWithRecord<T>(
  db: Db,
  filePath: string,
  bytes: Uint8Array,
  record: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  let written = false;
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await record(trx);
      await mkdir(path.dirname(filePath), { recursive: true });
      await writeFile(filePath, bytes, { flag: "wx" });
      written = true;
      return result;
    });
  } catch (error) {
    if (written) await rm(filePath, { force: true });
    throw error;
  }
}
